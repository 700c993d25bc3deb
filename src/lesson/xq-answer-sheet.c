/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-answer-sheet.c: a lesson file on a worksheet (xq-answer-sheet.h). */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "xq-answer-sheet.h"
#include "xq-kind.h"
#include "xq-patterns.h"

/* ---- Questions -------------------------------------------------------------- */

char *
xq_exercise_question (const XqExercise *ex, XqAnswerStyle *style)
{
  g_autoptr(GString) out = NULL;
  GPtrArray *choices;

  g_return_val_if_fail (ex != NULL && style != NULL, NULL);
  out = g_string_new (ex->prompt);
  choices = xq_exercise_choices (ex);
  if (choices == NULL)
    return g_string_free (g_steal_pointer (&out), FALSE);

  /* The moves a choice question asks about (is it legal, is the trade
   * good, the game replayed) are part of the question: the marks on the
   * board only hint. */
  {
    const char *moves = xq_exercise_get_field (ex, "moves") ? xq_exercise_get_field (ex, "moves")
                        : xq_exercise_get_field (ex, "replay");
    g_auto(GStrv) words = moves != NULL ? g_strsplit (moves, " ", -1) : NULL;
    g_autoptr(GArray) line = g_array_new (FALSE, FALSE, sizeof (XqMove));

    for (int i = 0; words != NULL && words[i] != NULL; i++)
      {
        XqMove m = xq_move_from_iccs (words[i]);
        if (m != XQ_MOVE_NONE)
          g_array_append_val (line, m);
      }
    if (line->len > 0)
      {
        g_autoptr(GString) text = g_string_new (NULL);

        /* One move needs no number; a line of them does. */
        if (line->len == 1)
          {
            XqPosition pos = ex->position;
            xq_answer_append_move (text, &pos, g_array_index (line, XqMove, 0), style);
          }
        else
          xq_answer_append_line (text, &ex->position, (const XqMove *) line->data, (int) line->len, FALSE,
                                 style);
        g_string_append_printf (out, " (%s)", text->str);
      }
  }
  for (guint i = 0; i < choices->len; i++)
    {
      XqChoice *c = g_ptr_array_index (choices, i);

      g_string_append_printf (out, "%s%c) %s", i == 0 ? "\n" : "   ", xq_answer_choice_letter (i), c->text);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* ---- A puzzle's answer key ------------------------------------------------------ */

int
xq_puzzle_kill (const XqPuzzlePack *pack, const XqPuzzle *puzzle)
{
  int kill;

  g_return_val_if_fail (pack != NULL && puzzle != NULL, -1);
  kill = xq_kill_from_id (pack->id);
  if (kill >= 0 || puzzle->pattern == NULL)
    return kill;
  /* The loader translated the file's words; compare both. */
  for (int k = 0; k < XQ_N_KILLS; k++)
    {
      g_autofree char *label = g_strdup_printf ("%s (%s)", xq_kill_english ((XqKill) k),
                                                xq_kill_hanzi ((XqKill) k));

      if (strcmp (label, puzzle->pattern) == 0 ||
          strcmp (g_dgettext (GETTEXT_PACKAGE, label), puzzle->pattern) == 0)
        return k;
    }
  return -1;
}

char *
xq_answer_puzzle_text (const XqPuzzlePack *pack, const XqPuzzle *puzzle, const XqAnswerStyle *style)
{
  g_return_val_if_fail (pack != NULL && puzzle != NULL && style != NULL, NULL);
  return xq_answer_kill_mate_text (&puzzle->position, puzzle->mate_in, xq_puzzle_kill (pack, puzzle),
                                   style);
}

/* ---- A lesson file on a worksheet ---------------------------------------------- */

void
xq_answer_add_to_worksheet (XqWorksheet *sheet, const XqLessonFile *file, XqNotation notation,
                            GPtrArray *answers)
{
  g_return_if_fail (sheet != NULL && file != NULL);

  if (file->type == XQ_LESSON_FILE_UNIT)
    {
      const XqUnit *unit = file->unit;

      for (guint i = 0; i < unit->exercises->len; i++)
        {
          const XqExercise *ex = g_ptr_array_index (unit->exercises, i);
          XqAnswerStyle style;
          g_autofree char *answer = NULL;
          g_autofree char *question = NULL;
          XqLessonMarks marks;
          const XqPosition *pos = xq_exercise_picture (ex, &marks);
          XqAnnotations annots;

          xq_answer_style_init (&style, notation);
          answer = xq_exercise_answer_key (ex, &style);
          question = xq_exercise_question (ex, &style);
          xq_lesson_marks_to_annotations (&marks, pos, &annots);
          xq_worksheet_add (sheet, pos, question, answer, &annots);
          if (style.names_points)
            xq_worksheet_show_coordinates (sheet, xq_worksheet_get_n_exercises (sheet) - 1);
          if (xq_exercise_choices (ex) != NULL)
            xq_worksheet_set_choice (sheet, xq_worksheet_get_n_exercises (sheet) - 1);
          if (ex->pieces != XQ_EXERCISE_PIECES_LEARNER)
            {
              guint last = xq_worksheet_get_n_exercises (sheet) - 1;
              xq_worksheet_set_pieces (sheet, last, xq_exercise_piece_set (ex, xq_worksheet_get_pieces (sheet, last)));
            }
          if (answers != NULL)
            g_ptr_array_add (answers, g_strdup_printf ("%s: %s", ex->id, answer ? answer : "-"));
        }
      return;
    }
  for (guint i = 0; i < file->pack->puzzles->len; i++)
    {
      const XqPuzzle *pz = g_ptr_array_index (file->pack->puzzles, i);
      XqAnswerStyle style;
      g_autofree char *answer = NULL;
      g_autofree char *prompt = NULL;

      xq_answer_style_init (&style, notation);
      answer = xq_answer_puzzle_text (file->pack, pz, &style);
      /* Red moves first unless the caption says otherwise; Black's puzzles
       * are printed from Black's side, as the drill shows them. */
      if (pz->position.side == XQ_BLACK)
        prompt = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s: Black to move, mate in %d",
                                               "%s: Black to move, mate in %d", pz->mate_in),
                                  pz->title, pz->mate_in);
      else
        prompt = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s: mate in %d", "%s: mate in %d", pz->mate_in),
                                  pz->title, pz->mate_in);
      xq_worksheet_add (sheet, &pz->position, prompt, answer, NULL);
      if (pz->position.side == XQ_BLACK)
        xq_worksheet_set_flipped (sheet, xq_worksheet_get_n_exercises (sheet) - 1);
      if (answers != NULL)
        g_ptr_array_add (answers, g_strdup_printf ("%s: %s", pz->id, answer ? answer : "-"));
    }
}

