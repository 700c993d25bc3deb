/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Worksheets' questions and answer keys (docs/worksheets.md): every kind's
 * key line in each notation, checked against answers worked out by hand
 * from the rules; choice questions print their moves and lettered choices;
 * mate lines replay to a mate; every shipped exercise has a real key line;
 * the key read back from the PDF with pdftotext; `xqtool worksheet
 * --notation`. */
#define G_LOG_DOMAIN "test-worksheets"

#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "xq-answer-sheet.h"
#include "xq-answer-text.h"
#include "xq-kind.h"
#include "xq-notation.h"
#include "xq-test-dirs.h"
#include "xq-certificate.h"
#include "xq-worksheet.h"

/* One exercise of each kind, with positions simple enough to answer by
 * hand:
 *   tap    the horse on e4, legs free, reaches eight points;
 *   move   the horse h0 to g2 (H2+3, 马二进三);
 *   stars  the chariot a0 collects a5 then e5: the general on d0 bars the
 *          back rank, so a5 comes first (R9+5, R9=5);
 *   setup  only the red general is missing, on e0;
 *   choose the answer "no" of a fixed question, and an elephant crossing the
 *          river (c4e6, E7+5), which the rules refuse;
 *   mate   the chariot on a8 holds the eighth rank and the red general the
 *          d file; a chariot on the f file (a8f8, b1f1) leaves Black no move
 *          at all, which loses, and b1b9 mates: three moves win at once,
 *          the solver's main line first. */
static const char unit_json[] =
  "{ \"format\": 1, \"type\": \"unit\", \"id\": \"sheet-test\", \"number\": 90, \"title\": \"Sheet test\",\n"
  "  \"pages\": [ { \"text\": \"A worksheet test.\" } ],\n"
  "  \"exercises\": [\n"
  "    { \"id\": \"tap\", \"kind\": \"tap\", \"prompt\": \"Where can the horse go?\",\n"
  "      \"fen\": \"3k5/9/9/9/9/4N4/9/9/9/4K4 w - - 0 1\", \"rule\": \"reach\", \"square\": \"e4\" },\n"
  "    { \"id\": \"move\", \"kind\": \"move\", \"prompt\": \"Bring the horse out.\",\n"
  "      \"fen\": \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\",\n"
  "      \"goal\": \"given\", \"moves\": [ \"h0g2\" ] },\n"
  "    { \"id\": \"stars\", \"kind\": \"stars\", \"prompt\": \"Collect the stars.\",\n"
  "      \"fen\": \"5k3/9/9/9/9/9/9/9/9/R2K5 w - - 0 1\", \"square\": \"a0\", \"stars\": [ \"a5\", \"e5\" ] },\n"
  "    { \"id\": \"setup\", \"kind\": \"setup\", \"prompt\": \"Put the red general home.\",\n"
  "      \"fen\": \"3k5/9/9/9/9/9/9/9/9/9 w - - 0 1\", \"target\": \"3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1\" },\n"
  "    { \"id\": \"fixed\", \"kind\": \"choose\", \"prompt\": \"Can a cannon jump two pieces?\",\n"
  "      \"answer\": \"no\", \"choices\": [ { \"id\": \"yes\", \"text\": \"Yes\" }, { \"id\": \"no\", \"text\": \"No\" } ] },\n"
  "    { \"id\": \"legal\", \"kind\": \"choose\", \"prompt\": \"Is the marked move allowed?\",\n"
  "      \"fen\": \"4k4/4a4/9/9/9/2B6/9/9/9/4K4 w - - 0 1\", \"rule\": \"legal\", \"moves\": [ \"c4e6\" ],\n"
  "      \"choices\": [ { \"id\": \"yes\", \"text\": \"Yes, it can\" }, { \"id\": \"no\", \"text\": \"No, it cannot\" } ] },\n"
  "    { \"id\": \"mate\", \"kind\": \"mate\", \"prompt\": \"Mate in one.\",\n"
  "      \"fen\": \"4k4/R8/9/9/9/9/9/9/1R7/3K5 w - - 0 1\", \"mate-in\": 1 }\n"
  "  ] }\n";

static XqLessonFile *
load_unit (void)
{
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
  XqLessonFile *file = xq_lesson_load_data_full (unit_json, -1, "sheet-test.json", XQ_LESSON_LOAD_DEFAULT,
                                                 problems);

  for (guint i = 0; i < problems->len; i++)
    g_test_message ("problem: %s", ((XqLessonProblem *) g_ptr_array_index (problems, i))->message);
  g_assert_nonnull (file);
  g_assert_cmpuint (file->unit->exercises->len, ==, 7);
  return file;
}

static XqWorksheet *
sheet_for (const XqLessonFile *file, XqNotation notation)
{
  XqWorksheet *sheet = xq_worksheet_new ();

  xq_answer_add_to_worksheet (sheet, file, notation, NULL);
  g_assert_cmpuint (xq_worksheet_get_n_exercises (sheet), ==, file->unit->exercises->len);
  return sheet;
}

/* The expected key line of each exercise, per notation. */
static const struct {
  XqNotation  notation;
  const char *answers[7];
} expected[] = {
  { XQ_NOTATION_WXF, { "d2, f2, c3, g3, c5, g5, d6, f6", "H2+3", "2 moves: 1. R9+5 2. R9=5", "Red general e0",
                       "B) No", "B) No, it cannot", "1. R9=4 (or R8+8, R8=4)" } },
  { XQ_NOTATION_ICCS, { "d2, f2, c3, g3, c5, g5, d6, f6", "h0g2", "2 moves: 1. a0a5 2. a5e5", "Red general e0",
                        "B) No", "B) No, it cannot", "1. a8f8 (or b1b9, b1f1)" } },
  { XQ_NOTATION_ZH_HANS, { "d2, f2, c3, g3, c5, g5, d6, f6", "马二进三", "2 moves: 1. 车九进五 2. 车九平五",
                           "Red general e0", "B) No", "B) No, it cannot", "1. 车九平四 (or 车八进八, 车八平四)" } },
  { XQ_NOTATION_ZH_HANT, { "d2, f2, c3, g3, c5, g5, d6, f6", "馬二進三", "2 moves: 1. 車九進五 2. 車九平五",
                           "Red general e0", "B) No", "B) No, it cannot", "1. 車九平四 (or 車八進八, 車八平四)" } },
};

static void
test_every_kind (void)
{
  g_autoptr(XqLessonFile) file = load_unit ();

  for (gsize n = 0; n < G_N_ELEMENTS (expected); n++)
    {
      g_autoptr(XqWorksheet) sheet = sheet_for (file, expected[n].notation);

      g_test_message ("notation %s", xq_notation_to_name (expected[n].notation));
      for (guint i = 0; i < xq_worksheet_get_n_exercises (sheet); i++)
        g_assert_cmpstr (xq_worksheet_get_answer (sheet, i), ==, expected[n].answers[i]);
      /* The boards whose key names points print the coordinates. */
      g_assert_true (xq_worksheet_get_coordinates (sheet, 0));
      g_assert_false (xq_worksheet_get_coordinates (sheet, 1));
      g_assert_false (xq_worksheet_get_coordinates (sheet, 2));
      g_assert_true (xq_worksheet_get_coordinates (sheet, 3));
      g_assert_false (xq_worksheet_get_coordinates (sheet, 6));
    }
  /* A choice is answered by circling its letter: no answer lines. */
  {
    g_autoptr(XqWorksheet) sheet = sheet_for (file, XQ_NOTATION_WXF);
    XqWorksheetSlot slots[7];

    xq_worksheet_layout (sheet, slots);
    g_assert_cmpint (slots[0].n_answer_lines, >, 0);
    g_assert_cmpint (slots[4].n_answer_lines, ==, 0);
    g_assert_cmpint (slots[5].n_answer_lines, ==, 0);
    g_assert_cmpint (slots[6].n_answer_lines, ==, slots[0].n_answer_lines);
  }
}

/* Choice questions print every choice, lettered as the key names them, and
 * the move they ask about in the notation. */
static void
test_questions (void)
{
  g_autoptr(XqLessonFile) file = load_unit ();
  g_autoptr(XqWorksheet) wxf = sheet_for (file, XQ_NOTATION_WXF);
  g_autoptr(XqWorksheet) zh = sheet_for (file, XQ_NOTATION_ZH_HANS);

  g_assert_cmpstr (xq_worksheet_get_prompt (wxf, 0), ==, "Where can the horse go?");
  g_assert_cmpstr (xq_worksheet_get_prompt (wxf, 4), ==, "Can a cannon jump two pieces?\nA) Yes   B) No");
  g_assert_cmpstr (xq_worksheet_get_prompt (wxf, 5), ==,
                   "Is the marked move allowed? (E7+5)\nA) Yes, it can   B) No, it cannot");
  g_assert_cmpstr (xq_worksheet_get_prompt (zh, 5), ==,
                   "Is the marked move allowed? (相七进五)\nA) Yes, it can   B) No, it cannot");
}

/* Replays a numbered line in WXF from start; returns the position after it. */
static XqPosition
replay (const XqPosition *start, const char *line, int *n_moves)
{
  g_auto(GStrv) words = g_strsplit (line, " ", -1);
  XqPosition pos = *start;

  *n_moves = 0;
  for (int i = 0; words[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      XqMove m;
      XqUndo undo;

      if (*words[i] == '\0' || g_str_has_suffix (words[i], ".") || strcmp (words[i], "…") == 0)
        continue;
      m = xq_notation_parse (&pos, words[i], XQ_NOTATION_WXF, &error);
      g_assert_no_error (error);
      xq_position_do_move (&pos, m, &undo);
      (*n_moves)++;
    }
  return pos;
}

/* A mate in two: the key, then a numbered main line that really mates. */
static void
test_mate_line (void)
{
  XqPosition start, end;
  XqAnswerStyle style;
  XqMove moves[XQ_MAX_MOVES];
  g_autofree char *text = NULL;
  const char *line;
  g_autofree char *key = NULL;
  int n = 0;

  g_assert_true (xq_position_set_fen (&start, "5k3/9/9/7N1/9/9/9/9/9/4K4 w - - 0 1", NULL));
  xq_answer_style_init (&style, XQ_NOTATION_WXF);
  text = xq_answer_mate_text (&start, 2, &style);
  g_assert_nonnull (text);
  g_test_message ("%s", text);
  g_assert_true (g_str_has_prefix (text, "Key: "));
  line = strstr (text, "Main line: 1. ");
  g_assert_nonnull (line);
  g_assert_nonnull (strstr (line, " 2. "));
  line += strlen ("Main line: ");
  /* The key is the line's first move. */
  key = g_strndup (text + 5, strcspn (text + 5, ". ("));
  g_assert_true (g_str_has_prefix (line + 3, key));
  end = replay (&start, line, &n);
  g_assert_cmpint (n, ==, 3);
  g_assert_cmpint (xq_position_legal_moves (&end, moves), ==, 0);
}

/* Black to move first: "1. … move". */
static void
test_black_line (void)
{
  XqPosition pos;
  XqAnswerStyle style;
  g_autoptr(GString) out = g_string_new (NULL);
  XqMove moves[2];

  g_assert_true (xq_position_set_fen (&pos, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1", NULL));
  moves[0] = xq_move_from_iccs ("h9g7");
  moves[1] = xq_move_from_iccs ("h2e2");
  xq_answer_style_init (&style, XQ_NOTATION_WXF);
  xq_answer_append_line (out, &pos, moves, 2, FALSE, &style);
  g_assert_cmpstr (out->str, ==, "1. … H8+7 2. C2=5");
}

static void
test_notation_names (void)
{
  XqNotation n;

  g_assert_true (xq_answer_notation_from_name ("iccs", &n));
  g_assert_cmpint (n, ==, XQ_NOTATION_ICCS);
  g_assert_true (xq_answer_notation_from_name ("wxf", &n));
  g_assert_cmpint (n, ==, XQ_NOTATION_WXF);
  /* Untranslated (the C locale), Chinese is simplified. */
  g_assert_true (xq_answer_notation_from_name ("chinese", &n));
  g_assert_cmpint (n, ==, XQ_NOTATION_ZH_HANS);
  g_assert_false (xq_answer_notation_from_name ("algebraic", &n));
  g_assert_false (xq_answer_notation_from_name (NULL, &n));
}

/* Every exercise of every shipped unit has a key line that says something. */
static void
test_shipped (void)
{
  const char *src = g_getenv ("XQ_SOURCE_DIR");
  g_autofree char *dir = NULL;
  g_autoptr(GDir) d = NULL;
  const char *name;
  guint n_units = 0, n_exercises = 0;

  g_assert_nonnull (src);
  dir = g_build_filename (src, "lessons", NULL);
  d = g_dir_open (dir, 0, NULL);
  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(XqLessonFile) file = NULL;
      g_autoptr(XqWorksheet) sheet = NULL;

      if (!g_str_has_prefix (name, "unit") || !g_str_has_suffix (name, ".json"))
        continue;
      path = g_build_filename (dir, name, NULL);
      file = xq_lesson_load_file_simple (path, &error);
      g_assert_no_error (error);
      sheet = sheet_for (file, XQ_NOTATION_WXF);
      for (guint i = 0; i < xq_worksheet_get_n_exercises (sheet); i++)
        {
          const XqExercise *ex = g_ptr_array_index (file->unit->exercises, i);
          const char *answer = xq_worksheet_get_answer (sheet, i);

          if (answer == NULL || *answer == '\0' || strcmp (answer, "—") == 0 ||
              strcmp (answer, xq_worksheet_get_prompt (sheet, i)) == 0)
            g_error ("%s: exercise %s has no answer in the key", name, ex->id);
          n_exercises++;
        }
      n_units++;
    }
  g_assert_cmpuint (n_units, >=, 7);
  g_assert_cmpuint (n_exercises, >=, 90);
}

/* Runs of spaces as one: pdftotext spaces words as it sees fit. */
static char *
squeeze (char *text)
{
  g_autoptr(GRegex) spaces = g_regex_new (" +", 0, 0, NULL);
  char *out = g_regex_replace_literal (spaces, text, -1, 0, " ", 0, NULL);

  g_free (text);
  return out;
}

static char *
run (const char *const *argv, int *status)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL;
  char *out = NULL;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, &err, status,
                               &error));
  g_assert_no_error (error);
  if (err != NULL && *err != '\0')
    g_test_message ("stderr: %s", err);
  return out;
}

/* The PDF's key, read back: every answer in notation, the choices lettered
 * on the question pages, a key alone and a sheet without one. */
static void
test_pdf_text (void)
{
  g_autoptr(XqLessonFile) file = load_unit ();
  g_autoptr(XqWorksheet) sheet = sheet_for (file, XQ_NOTATION_ZH_HANS);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("xq-sheets-XXXXXX", &error);
  g_autofree char *pdf = g_build_filename (dir, "sheet.pdf", NULL);
  g_autofree char *key = g_build_filename (dir, "key.pdf", NULL);
  g_autofree char *text = NULL;
  g_autofree char *key_text = NULL;
  int status;

  g_assert_no_error (error);
  xq_worksheet_set_layout (sheet, 4);
  g_assert_true (xq_worksheet_write_pdf (sheet, pdf, &error));
  g_assert_no_error (error);
  {
    const char *argv[] = { "pdftotext", "-layout", pdf, "-", NULL };
    text = squeeze (run (argv, &status));
    g_assert_true (g_spawn_check_wait_status (status, NULL));
  }
  g_assert_nonnull (strstr (text, "A) Yes B) No"));
  g_assert_nonnull (strstr (text, "(相七进五)"));
  g_assert_nonnull (strstr (text, "1. 车九平四 (or 车八进八, 车八平四)"));
  g_assert_nonnull (strstr (text, "A) Yes, it can B) No, it cannot"));
  g_assert_nonnull (strstr (text, "2 moves: 1. 车九进五 2. 车九平五"));
  g_assert_nonnull (strstr (text, "d2, f2, c3, g3, c5, g5, d6, f6"));
  g_assert_nonnull (strstr (text, "B) No, it cannot"));
  g_assert_null (strstr (text, "—"));

  xq_worksheet_set_key (sheet, XQ_WORKSHEET_KEY_ONLY);
  g_assert_true (xq_worksheet_write_pdf (sheet, key, &error));
  {
    const char *argv[] = { "pdftotext", key, "-", NULL };
    key_text = run (argv, &status);
    g_assert_true (g_spawn_check_wait_status (status, NULL));
  }
  g_assert_nonnull (strstr (key_text, "马二进三"));
  g_assert_null (strstr (key_text, "Where can the horse go?"));
  /* Four boards a page: seven exercises on two pages, the key on a third. */
  g_assert_cmpint (xq_worksheet_count_pages (sheet), ==, 1);
  xq_worksheet_set_key (sheet, XQ_WORKSHEET_KEY_NONE);
  g_assert_cmpint (xq_worksheet_count_pages (sheet), ==, 2);
  xq_worksheet_set_key (sheet, XQ_WORKSHEET_KEY_AFTER);
  g_assert_cmpint (xq_worksheet_count_pages (sheet), ==, 3);
  g_unlink (pdf);
  g_unlink (key);
  g_rmdir (dir);
}

/* `xqtool worksheet --notation`: the answers printed in each notation; an
 * unknown notation refused in one line. */
static void
test_xqtool_notation (void)
{
  const char *xqtool = g_getenv ("XQTOOL");
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("xq-sheets-XXXXXX", &error);
  g_autofree char *unit = g_build_filename (dir, "unit.json", NULL);
  g_autofree char *pdf = g_build_filename (dir, "unit.pdf", NULL);
  static const struct { const char *name; const char *line; } cases[] = {
    { "iccs", "2. move: h0g2\n" },
    { "wxf", "2. move: H2+3\n" },
    { "chinese", "2. move: 马二进三\n" },
  };
  int status;

  g_assert_nonnull (xqtool);
  g_assert_true (g_file_set_contents (unit, unit_json, -1, &error));
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const char *argv[] = { xqtool, "worksheet", unit, "--out", pdf, "--answers", "--notation", cases[i].name, NULL };
      g_autofree char *out = run (argv, &status);

      g_assert_true (g_spawn_check_wait_status (status, NULL));
      g_assert_nonnull (strstr (out, cases[i].line));
      g_assert_nonnull (strstr (out, "7. mate: 1. "));
    }
  {
    const char *argv[] = { xqtool, "worksheet", unit, "--out", pdf, "--notation", "algebraic", NULL };
    g_autofree char *out = run (argv, &status);

    g_assert_false (g_spawn_check_wait_status (status, NULL));
  }
  g_unlink (pdf);
  g_unlink (unit);
  g_rmdir (dir);
}

/* A teacher's marks go onto the printed board, in the teacher's colours,
 * as the renderer draws them on screen. */
static void
test_teacher_marks (void)
{
  static const char marked_json[] =
    "{ \"format\": 1, \"type\": \"unit\", \"id\": \"marked\", \"number\": 90, \"title\": \"Marked\",\n"
    "  \"pages\": [ { \"text\": \"Marks.\" } ],\n"
    "  \"exercises\": [\n"
    "    { \"id\": \"tap\", \"kind\": \"tap\", \"prompt\": \"Where can the horse go?\",\n"
    "      \"fen\": \"3k5/9/9/9/9/4N4/9/9/9/4K4 w - - 0 1\", \"rule\": \"reach\", \"square\": \"e4\",\n"
    "      \"marks\": [ { \"circle\": \"e4\", \"color\": \"red\" }, { \"arrow\": \"e4f6\", \"color\": \"blue\" },\n"
    "                 { \"point\": \"d6\" } ] } ] }\n";
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
  g_autoptr(XqLessonFile) file = xq_lesson_load_data (marked_json, -1, "marked.json", problems);
  g_autoptr(XqWorksheet) sheet = xq_worksheet_new ();
  const XqExercise *ex;
  const XqAnnotations *printed;
  XqAnnotations want;
  XqRenderStyle style;
  g_autofree char *with = NULL;
  g_autofree char *without = NULL;

  g_assert_nonnull (file);
  ex = g_ptr_array_index (file->unit->exercises, 0);
  xq_answer_add_to_worksheet (sheet, file, XQ_NOTATION_ICCS, NULL);
  printed = xq_worksheet_get_annotations (sheet, 0);
  g_assert_nonnull (printed);
  xq_annotations_clear (&want);
  /* The circle round the horse, the arrow, the empty point's tint. */
  xq_annotations_add (&want, XQ_MARK_CIRCLE, XQ_ROLE_BAD, xq_square_from_text ("e4"));
  xq_annotations_add_arrow (&want, XQ_ROLE_LAST_MOVE, xq_square_from_text ("e4"), xq_square_from_text ("f6"));
  xq_annotations_add (&want, XQ_MARK_HIGHLIGHT, XQ_ROLE_HINT, xq_square_from_text ("d6"));
  g_assert_true (xq_annotations_equal (printed, &want));

  /* The printed board's SVG is the board's with those marks drawn. */
  xq_render_style_init (&style);
  style.theme = XQ_THEME_PRINT;
  with = xq_render_svg (&ex->position, &style, printed, 400);
  without = xq_render_svg (&ex->position, &style, NULL, 400);
  g_assert_cmpstr (with, !=, without);
  g_assert_cmpuint (strlen (with), >, strlen (without));
}

/* With the board's coordinates hidden, points are named by what its edge
 * shows: Red's file number, and the rank from Red's side. */
static void
test_point_labels (void)
{
  g_autofree char *e0 = xq_answer_point_label (xq_square_from_text ("e0"), FALSE);
  g_autofree char *a9 = xq_answer_point_label (xq_square_from_text ("a9"), FALSE);
  g_autofree char *on = xq_answer_point_label (xq_square_from_text ("e0"), TRUE);
  g_autofree char *text = xq_answer_relabel_points ("Piece: there is no piece on “e4”. Marked: b0 c2, h2e2 and 2c5/ stay.",
                                                    FALSE);
  g_autofree char *kept = xq_answer_relabel_points ("Marked: b0", TRUE);

  g_assert_cmpstr (e0, ==, "file 五 rank 1");
  g_assert_cmpstr (a9, ==, "file 九 rank 10");
  g_assert_cmpstr (on, ==, "e0");
  g_assert_cmpstr (text, ==, "Piece: there is no piece on “file 五 rank 5”. Marked: file 八 rank 1 file 七 rank 3, "
                             "h2e2 and 2c5/ stay.");
  g_assert_cmpstr (kept, ==, "Marked: b0");
}

/* Issue 31: the page a child takes home when a unit is finished, read back:
 * the name, the unit, the stars, the date; a name too long is cut. */
static void
test_certificate (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("xq-certificate-XXXXXX", &error);
  g_autofree char *pdf = g_build_filename (dir, "certificate.pdf", NULL);
  g_autofree char *text = NULL;
  g_autofree char *longname = g_strnfill (300, 'x');
  XqCertificate c = { .name = "小明 Mei", .unit = "The Board", .stars = 40, .max_stars = 42,
                      .date = "7 December 2026", .pieces = XQ_PIECE_SET_PICTOGRAM };
  int status;

  g_assert_no_error (error);
  g_assert_true (xq_certificate_write_pdf (&c, pdf, &error));
  g_assert_no_error (error);
  {
    const char *argv[] = { "pdftotext", pdf, "-", NULL };
    text = squeeze (run (argv, &status));
    g_assert_true (g_spawn_check_wait_status (status, NULL));
  }
  g_assert_nonnull (strstr (text, "Well Done!"));
  g_assert_nonnull (strstr (text, "小明 Mei"));
  g_assert_nonnull (strstr (text, "The Board"));
  g_assert_nonnull (strstr (text, "40 of 42 stars"));
  g_assert_nonnull (strstr (text, "7 December 2026"));
  g_clear_pointer (&text, g_free);
  c.name = longname;
  g_assert_true (xq_certificate_write_pdf (&c, pdf, &error));
  {
    const char *argv[] = { "pdftotext", pdf, "-", NULL };
    text = run (argv, &status);
  }
  g_assert_null (strstr (text, longname));
  g_assert_nonnull (strstr (text, "…"));
  g_assert_cmpint (g_unlink (pdf), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* The certificate drawn one pixel a point: nothing but the frame between
 * the inner frame line and the words' margin, on either side, whatever
 * the unit's size (the stars of a 15-star row once reached the frame). */
static void
test_certificate_inside (void)
{
  static const int max_stars[] = { 3, 42, 45, 60, 69 };
  const int w = (int) XQ_WORKSHEET_PAGE_WIDTH, h = (int) XQ_WORKSHEET_PAGE_HEIGHT;
  /* The inner frame line is 1.5 wide at 46 pt from the edge; the words
   * start at 72. */
  const int from = 36 + 10 + 3, to = 2 * 36 - 1;

  for (gsize k = 0; k < G_N_ELEMENTS (max_stars); k++)
    {
      g_autoptr(GError) error = NULL;
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h);
      cairo_t *cr = cairo_create (surface);
      XqCertificate c = { .name = "Xiaoming", .unit = "Moves I: general, advisor, elephant, soldier",
                          .stars = max_stars[k] - 2, .max_stars = max_stars[k], .date = "7 December 2026",
                          .pieces = XQ_PIECE_SET_PICTOGRAM };
      const guint8 *data;
      int stride, inked = 0;

      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_paint (cr);
      g_assert_true (xq_certificate_draw (&c, cr, &error));
      g_assert_no_error (error);
      cairo_surface_flush (surface);
      data = cairo_image_surface_get_data (surface);
      stride = cairo_image_surface_get_stride (surface);
      for (int y = from; y < h - from; y++)
        for (int x = from; x < to; x++)
          {
            const guint32 *left = (const guint32 *) (data + y * stride) + x;
            const guint32 *right = (const guint32 *) (data + y * stride) + (w - 1 - x);

            inked += (*left & 0xffffff) != 0xffffff;
            inked += (*right & 0xffffff) != 0xffffff;
          }
      g_test_message ("%d stars: %d pixels inked inside the frame's margin", max_stars[k], inked);
      g_assert_cmpint (inked, ==, 0);
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
    }
}

int
main (int argc, char **argv)
{
  xq_test_isolate_dirs ();
  setlocale (LC_ALL, "C.UTF-8");
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/worksheets/every-kind", test_every_kind);
  g_test_add_func ("/worksheets/certificate", test_certificate);
  g_test_add_func ("/worksheets/certificate-inside", test_certificate_inside);
  g_test_add_func ("/worksheets/teacher-marks", test_teacher_marks);
  g_test_add_func ("/worksheets/point-labels", test_point_labels);
  g_test_add_func ("/worksheets/questions", test_questions);
  g_test_add_func ("/worksheets/mate-line", test_mate_line);
  g_test_add_func ("/worksheets/black-line", test_black_line);
  g_test_add_func ("/worksheets/notation-names", test_notation_names);
  g_test_add_func ("/worksheets/shipped", test_shipped);
  g_test_add_func ("/worksheets/pdf-text", test_pdf_text);
  g_test_add_func ("/worksheets/xqtool-notation", test_xqtool_notation);
  return g_test_run ();
}
