"""The rubrics shipped with interview-grader (installed as interview_grader.rubrics)."""
