#!/usr/bin/env bash
# Temporary while the rubric is written in parts: concatenate them.
set -e
cd "$(dirname "$0")/../rubrics/parts"
cat base.yaml lexicon_topics.yaml misconceptions.yaml topics.yaml > ../distributed_training.yaml
