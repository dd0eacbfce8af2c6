"""Comparison tables inside answers (blind285): read cell by cell, each cell after its column header and row label."""
from __future__ import annotations

import pytest

from interview_grader.engine import grade
from interview_grader.normalize import fold_pieces
from interview_grader.parse import parse_transcript
from interview_grader.tables import find_sections, find_tables

PIPES = (
    "对比如下：\n"
    "| | 参数服务器 | 环形规约 |\n"
    "|---|---|---|\n"
    "| 结构 | 有 server | 把梯度发给中心节点 |\n"
    "| 通信 | 集中到 server | 只和相邻节点通信 |\n"
    "\n大概这样。"
)
GRID = (
    "Roughly:\n"
    "                 PS                     ring\n"
    "central node     yes, the servers       no\n"
    "traffic          grows at the server    even\n"
)


def read(text: str) -> list[str]:
    (table,) = find_tables(text)
    return [" / ".join(text[a:b] for a, b in statement) for statement in table.statements(text)]


def test_a_markdown_table_is_read_column_header_row_label_cell():
    assert read(PIPES) == [
        "参数服务器 / 结构 / 有 server", "环形规约 / 结构 / 把梯度发给中心节点",
        "参数服务器 / 通信 / 集中到 server", "环形规约 / 通信 / 只和相邻节点通信",
    ]


def test_a_plain_grid_aligned_with_spaces():
    # a bare "no" denies the row's property: "ring no central node"; a bare "yes" is left out
    assert read(GRID) == [
        "PS / central node / yes, the servers", "ring / no / central node",
        "PS / traffic / grows at the server", "ring / traffic / even",
    ]
    labelled = "方式     通信           瓶颈\nPS       push/pull      server\n环形     相邻节点       无\n"
    assert read(labelled) == ["通信 / PS / push/pull", "瓶颈 / PS / server", "通信 / 环形 / 相邻节点", "瓶颈 / 无 / 环形"]


def test_empty_rows_and_header_only_tables_keep_their_names():
    assert read("| phase | steps |\n|---|---|\n| reduce-scatter | |\n| all-gather | |\n") == ["reduce-scatter", "all-gather"]
    assert read("| | PS | all-reduce |\n|---|---|---|\n| 中心节点 | | |\n") == ["中心节点"]


@pytest.mark.parametrize("text", [
    "DDP 每张卡一个进程。  它用 NCCL。\n环形规约只和邻居通信。  很省带宽。\n",  # two spaces after a full stop
    "GPU0 -> GPU1 -> GPU2\n  ^              |\n  +--------------+\n",  # a diagram
    "a | b\nc | d\n",  # pipes with no rule line under a header
    "Step 1  init\nStep 2  wrap the model in DDP, then train and save\n",  # one aligned pair
])
def test_no_table(text):
    assert find_tables(text) == []


def test_fold_pieces_keeps_every_character_on_its_source_offset():
    source = "abc | DEF | ghi"
    f = fold_pieces(source, [(6, 9), (" ", 0), (0, 3), ("。", 14)], base=100)
    assert f.text == "def abc。"
    assert [f.offsets[i] for i in range(len(f.text))] == [106, 107, 108, 100, 100, 101, 102, 114]
    assert f.to_source(4, 7) == (100, 103)


def one(rubric, answer: str, question: str = "请讲讲环形规约的原理？"):
    text = f"问题1：{question}\n回答：{answer}\n"
    return grade(parse_transcript(text, "t.txt"), rubric).answers[0], text


def test_a_wrong_cell_is_flagged_with_the_cell_as_its_quote(mini_rubric):
    a, source = one(mini_rubric, PIPES)
    assert [f.id for f in a.misconceptions] == ["ring-allreduce-central-node"]
    f = a.misconceptions[0]
    assert f.evidence == source[f.start:f.end] == "把梯度发给中心节点"
    # the right cell still earns its point, quoted from its cell
    assert [(c.id, c.evidence) for c in a.covered] == [("ring-neighbours", "只和相邻节点通信")]


def test_a_row_read_as_one_line_would_mix_the_columns(mini_rubric):
    # a table whose ring column is right: nothing is flagged though the row, read as a line, names the ring and a
    # central node (the PS cell's)
    table = "| | 参数服务器 | 环形规约 |\n|---|---|---|\n| 结构 | 梯度发给中心节点 | 环形，只和相邻节点通信 |\n"
    a, _ = one(mini_rubric, table)
    assert a.misconceptions == [] and [c.id for c in a.covered] == ["ring-neighbours"]


HEADED = "DataParallel\nPros: one line to wrap.\nCons: one process, threads.\n\nDDP\nPros: a process per GPU.\nCons: a launcher."


def test_lines_under_a_heading_are_read_after_it():
    (dp, ddp) = find_sections(HEADED)
    assert [" / ".join(HEADED[a:b] for a, b in st) for st in dp.statements(HEADED)] == [
        "DataParallel / Pros: one line to wrap.", "DataParallel / Cons: one process, threads."]
    assert HEADED[ddp.heading[0]:ddp.heading[1]] == "DDP"
    marked = "**环形规约**\n每个节点只和相邻节点通信\n\n参数服务器：\n- 有 server"
    assert [marked[a:b] for s in find_sections(marked) for a, b in [s.heading]] == ["环形规约", "参数服务器"]


@pytest.mark.parametrize("text", [
    "单卡的话一次只能算一个样本 一个一个过\n[19:43] 候选人：多卡可以同时算\n[19:44] 候选人：多卡要同步梯度",  # one speaker's lines
    "（周老师：嗯）\n[00:05:20] 小陈：通信量跟卡数成正比",  # an interjection over a timed turn
    "DDP wraps the model.\nThen it all-reduces.",  # sentences, not headings
    "DataParallel\nit is slower.",  # a bare name over an unlabelled line
])
def test_no_heading(text):
    assert find_sections(text) == []


def test_a_line_under_a_heading_is_flagged_for_the_heading(mini_rubric):
    answer = "环形规约\n优点：只和相邻节点通信。\n缺点：梯度要发给中心节点。\n\n参数服务器\n优点：简单。\n缺点：server 是瓶颈。"
    a, source = one(mini_rubric, answer)
    assert [f.id for f in a.misconceptions] == ["ring-allreduce-central-node"]
    f = a.misconceptions[0]
    assert f.evidence == source[f.start:f.end] and f.evidence.startswith("缺点：梯度要发给中心节点")
