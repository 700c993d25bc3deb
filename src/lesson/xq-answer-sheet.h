/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-answer-sheet.h: a lesson file on a worksheet, each exercise with its
 * question in full and its key in the teacher's notation (the words come
 * from xq-answer-text.h and each kind's answer_key; docs/worksheets.md).
 * Above the kinds and the loader, which the answer texts sit below. */
#pragma once

#include "xq-answer-text.h"
#include "xq-lesson.h"

G_BEGIN_DECLS

/* The question as printed: the prompt, for a question with choices the
 * moves it asks about (in the notation) and every choice, lettered. */
char       *xq_exercise_question       (const XqExercise *ex, XqAnswerStyle *style);

/* The kill pattern (an XqKill) a puzzle of pack is named after: the pack's
 * when the pack is named after one (its id, "double-cannon"), else the
 * puzzle's own "pattern" ("Old soldier in the forest (老兵搜林)", as the
 * file or the translation words it); -1 for none. */
int         xq_puzzle_kill             (const XqPuzzlePack *pack, const XqPuzzle *puzzle);
/* A puzzle's answer key: xq_answer_kill_mate_text with its pattern. */
char       *xq_answer_puzzle_text      (const XqPuzzlePack *pack, const XqPuzzle *puzzle,
                                        const XqAnswerStyle *style);

/* Adds every exercise of a unit (or puzzle of a pack) to sheet: its
 * picture and marks, its question and its key line, with the board's
 * coordinates where the key names points.  answers (may be NULL) gets one
 * "id: answer" line per exercise. */
void        xq_answer_add_to_worksheet (XqWorksheet *sheet, const XqLessonFile *file, XqNotation notation,
                                        GPtrArray *answers);

G_END_DECLS
