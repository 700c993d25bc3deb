/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Game files into mate exercises and puzzles; the rules are in
 * docs/import.md. */
#define G_LOG_DOMAIN "xq-import"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "xq-game-file.h"
#include "xq-import.h"
#include "xq-json-file.h"
#include "xq-lesson.h"
#include "xq-lesson-rules.h"
#include "xq-notation.h"
#include "xq-pgn.h"
#include "xq-safe-file.h"
#include "xq-unit-store.h"
#include "xq-xqf.h"

G_DEFINE_QUARK (xq-import-error-quark, xq_import_error)

/* The number teachers' own units take on the unit map (as the exercise
 * editor's). */

static void
import_line_free (XqImportLine *line)
{
  g_free (line->file);
  g_free (line->id);
  g_free (line->keys);
  g_free (line->title);
  g_free (line->message);
  g_free (line->reason);
  g_free (line);
}

void
xq_import_report_free (XqImportReport *report)
{
  if (report == NULL)
    return;
  g_ptr_array_unref (report->lines);
  g_free (report);
}

gboolean
xq_import_as_from_name (const char *name, XqImportAs *out)
{
  g_return_val_if_fail (name != NULL && out != NULL, FALSE);
  if (strcmp (name, "unit") == 0)
    *out = XQ_IMPORT_AS_UNIT;
  else if (strcmp (name, "pack") == 0)
    *out = XQ_IMPORT_AS_PACK;
  else
    return FALSE;
  return TRUE;
}

/* ---- Reading the files ------------------------------------------------------- */

/* The records of one file, or why the file as a whole cannot be read
 * (the message without the path, which the report line gives): read by
 * the one door every game file comes in by (xq-game-file.h). */
static GPtrArray *
read_records (const char *path, XqImportCause *cause, GError **error)
{
  g_autoptr(GError) local = NULL;
  GPtrArray *games = xq_game_file_read_all (path, NULL, &local);

  if (games == NULL)
    {
      const char *msg = local->message;

      if (g_str_has_prefix (msg, path) && g_str_has_prefix (msg + strlen (path), ": "))
        msg += strlen (path) + 2;
      /* A file of another kind (or of none) is no game file; one that
       * is too large is left for another import; one that does not read
       * is damaged. */
      if (local->domain == XQ_GAME_FILE_ERROR && local->code == XQ_GAME_FILE_ERROR_TOO_LARGE)
        *cause = XQ_IMPORT_SKIP_OTHER;
      else if (local->domain == XQ_GAME_FILE_ERROR)
        *cause = XQ_IMPORT_SKIP_NOT_GAME;
      else
        *cause = XQ_IMPORT_SKIP_DAMAGED;
      g_set_error_literal (error, local->domain, local->code, msg);
    }
  return games;
}

/* ---- Titles and hints -------------------------------------------------------------- */

static char *
truncate_chars (const char *text, glong max)
{
  if (g_utf8_strlen (text, -1) <= max)
    return g_strdup (text);
  return g_utf8_substring (text, 0, max);
}

static char *
record_title (const XqPgnRecord *rec, const char *file, guint record)
{
  const char *title = xq_pgn_record_get_tag (rec, "Title");
  const char *red = xq_pgn_record_get_tag (rec, "Red");
  const char *black = xq_pgn_record_get_tag (rec, "Black");
  const char *event = xq_pgn_record_get_tag (rec, "Event");
  g_autofree char *base = g_path_get_basename (file);

  if (title != NULL && *title != '\0')
    return g_strdup (title);
  if (red != NULL && black != NULL && *red != '\0' && *black != '\0')
    return g_strdup_printf ("%s–%s", red, black);
  if (event != NULL && *event != '\0' && strcmp (event, "?") != 0)
    return g_strdup (event);
  /* TRANSLATORS: a title for a game without one: the file name and the
   * number of the game in it. */
  return g_strdup_printf (_("%s, game %u"), base, record);
}

static char *
finish_title (const XqPgnRecord *rec, const char *file, guint record)
{
  const char *red = xq_pgn_record_get_tag (rec, "Red");
  const char *black = xq_pgn_record_get_tag (rec, "Black");
  g_autofree char *name = NULL;

  if (red != NULL && black != NULL && *red != '\0' && *black != '\0')
    name = g_strdup_printf ("%s–%s", red, black);
  else
    name = record_title (rec, file, record);
  /* TRANSLATORS: the title of a puzzle taken from the end of a game:
   * "柳大华–吕钦, the finish". */
  return g_strdup_printf (_("%s, the finish"), name);
}

static const char *
piece_name (XqPiece p)
{
  static const char *const red[XQ_N_TYPES] = {
    NULL, NC_("red piece", "general"), NC_("red piece", "advisor"), NC_("red piece", "elephant"),
    NC_("red piece", "horse"), NC_("red piece", "chariot"), NC_("red piece", "cannon"),
    NC_("red piece", "soldier"),
  };
  static const char *const black[XQ_N_TYPES] = {
    NULL, NC_("black piece", "general"), NC_("black piece", "advisor"), NC_("black piece", "elephant"),
    NC_("black piece", "horse"), NC_("black piece", "chariot"), NC_("black piece", "cannon"),
    NC_("black piece", "soldier"),
  };

  if (xq_piece_color (p) == XQ_RED)
    return g_dpgettext2 (GETTEXT_PACKAGE, "red piece", red[xq_piece_type (p)]);
  return g_dpgettext2 (GETTEXT_PACKAGE, "black piece", black[xq_piece_type (p)]);
}

/* The hint ladder from the recorded move: which piece, where it goes,
 * the move itself. */
static GPtrArray *
hint_ladder (XqPosition *pos, XqMove m)
{
  GPtrArray *hints = g_ptr_array_new_with_free_func (g_free);
  /* TRANSLATORS: which Chinese script the hints write moves in: "zh-hans"
   * (simplified) or "zh-hant" (traditional).  Not shown. */
  const char *script = C_("hint notation", "zh-hans");
  XqNotation notation = XQ_NOTATION_ZH_HANS;
  g_autofree char *move = NULL;
  char point[3];

  if (!xq_notation_from_name (script, &notation)
      || (notation != XQ_NOTATION_ZH_HANS && notation != XQ_NOTATION_ZH_HANT))
    notation = XQ_NOTATION_ZH_HANS;
  move = xq_notation_format (pos, m, notation);
  xq_square_to_text (xq_move_to (m), point);
  g_ptr_array_add (hints, g_strdup_printf (_("Start with the %s."), piece_name (pos->board[xq_move_from (m)])));
  g_ptr_array_add (hints, g_strdup_printf (_("It goes to %s."), point));
  g_ptr_array_add (hints, g_strdup_printf (_("The move is %s."), move));
  return hints;
}

static char *
keys_text (const XqSolution *sol)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (int i = 0; i < sol->n_keys; i++)
    {
      char iccs[5];

      xq_move_to_iccs (sol->keys[i], iccs);
      g_string_append_printf (out, "%s%s", i > 0 ? ", " : "", iccs);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* ---- Deciding what a record becomes ---------------------------------------------- */

typedef struct {
  XqImportAs    as;
  gboolean      several_files;
  GPtrArray    *items;          /* JsonNode* */
  guint64       proof_work;     /* what the loader will spend proving them */
  GHashTable   *start_verdicts; /* FEN -> verdict of "mate within the maximum" */
  XqImportReport *report;
} Import;

typedef struct {
  XqSolveResult result;
  XqSolution    sol;
} Verdict;

/* The shortest forced mate within the format's maximum from pos (its distance
 * only: the keys come from the loader's proof below), asked once
 * per position (many games share the standard start). */
static XqSolveResult
start_verdict (Import *im, const XqPosition *pos, XqSolution *sol)
{
  g_autofree char *fen = xq_position_to_fen (pos);
  Verdict *v = g_hash_table_lookup (im->start_verdicts, fen);

  if (v == NULL)
    {
      XqPosition copy = *pos;

      v = g_new0 (Verdict, 1);
      v->result = xq_position_has_legal_move (&copy)
                  ? xq_lesson_mate_distance (pos, XQ_SOLVER_MAX_MATE, &v->sol) : XQ_SOLVE_NONE;
      g_hash_table_insert (im->start_verdicts, g_steal_pointer (&fen), v);
    }
  *sol = v->sol;
  return v->result;
}

/* Walking back from a game's mating move: the earliest position of the
 * winner's from which the solver still proves a forced mate, and at most
 * the format's maximum.  FALSE if the game does not end in mate. */
static gboolean
find_finish (const XqPgnRecord *rec, guint *ply, XqSolution *best)
{
  guint n = xq_pgn_record_get_n_moves (rec);
  XqPosition end;
  gboolean found = FALSE;
  XqStatus status;

  if (n == 0)
    return FALSE;
  xq_pgn_record_get_position (rec, n, &end);
  status = xq_position_status (&end);
  if (status != XQ_STATUS_CHECKMATE && status != XQ_STATUS_STALEMATE)
    return FALSE;
  for (guint k = 1; k <= XQ_SOLVER_MAX_MATE && 2 * k - 1 <= n; k++)
    {
      guint p = n - (2 * k - 1);
      XqPosition pos;
      XqSolution sol;

      xq_pgn_record_get_position (rec, p, &pos);
      if (xq_lesson_mate_distance (&pos, (int) k, &sol) != XQ_SOLVE_MATE)
        break;
      *ply = p;
      *best = sol;
      found = TRUE;
    }
  return found;
}

static void
add_line (Import *im, const char *file, guint record, XqImportCause cause, const char *reason, char *message)
{
  XqImportLine *line = g_new0 (XqImportLine, 1);

  line->file = g_strdup (file);
  line->record = record;
  line->imported = cause == XQ_IMPORT_PUZZLE || cause == XQ_IMPORT_GAME;
  line->cause = cause;
  line->reason = g_strdup (reason);
  line->message = message;
  g_ptr_array_add (im->report->lines, line);
  if (line->imported)
    im->report->n_imported++;
  else
    im->report->n_skipped++;
  im->report->n_by_cause[cause]++;
}

static void
skip (Import *im, const char *file, guint record, XqImportCause cause, const char *reason)
{
  add_line (im, file, record, cause, reason,
            record > 0
            /* TRANSLATORS: FILE: record N: skipped: REASON */
            ? g_strdup_printf (_("%s: record %u: skipped: %s"), file, record, reason)
            /* TRANSLATORS: FILE: skipped: REASON (the whole file) */
            : g_strdup_printf (_("%s: skipped: %s"), file, reason));
}

static JsonNode *
item_node (Import *im, const char *id, const char *title, const XqPosition *pos,
           const XqSolution *sol, GPtrArray *hints)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autofree char *fen = xq_position_to_fen (pos);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "id");
  json_builder_add_string_value (b, id);
  if (im->as == XQ_IMPORT_AS_PACK)
    {
      json_builder_set_member_name (b, "title");
      json_builder_add_string_value (b, title);
    }
  else
    {
      g_autofree char *prompt = NULL;

      json_builder_set_member_name (b, "kind");
      json_builder_add_string_value (b, "mate");
      prompt = pos->side == XQ_RED
               /* TRANSLATORS: an imported exercise's prompt: its title, then the task. */
               ? g_strdup_printf (_("%s: Red to move and mate in %d."), title, sol->mate)
               : g_strdup_printf (_("%s: Black to move and mate in %d."), title, sol->mate);
      json_builder_set_member_name (b, "prompt");
      json_builder_add_string_value (b, prompt);
    }
  json_builder_set_member_name (b, "fen");
  json_builder_add_string_value (b, fen);
  json_builder_set_member_name (b, "mate-in");
  json_builder_add_int_value (b, sol->mate);
  if (im->as == XQ_IMPORT_AS_PACK)
    {
      json_builder_set_member_name (b, "difficulty");
      json_builder_add_int_value (b, CLAMP ((sol->mate + 1) / 2, 1, 5));
      json_builder_set_member_name (b, "keys");
      json_builder_begin_array (b);
      for (int i = 0; i < sol->n_keys; i++)
        {
          char iccs[5];

          xq_move_to_iccs (sol->keys[i], iccs);
          json_builder_add_string_value (b, iccs);
        }
      json_builder_end_array (b);
    }
  if (hints != NULL && hints->len > 0)
    {
      json_builder_set_member_name (b, "hints");
      json_builder_begin_array (b);
      for (guint i = 0; i < hints->len; i++)
        json_builder_add_string_value (b, g_ptr_array_index (hints, i));
      json_builder_end_array (b);
    }
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

static void
import_record (Import *im, const char *file, guint file_index, guint record, const XqPgnRecord *rec)
{
  g_autofree char *id = NULL;
  g_autofree char *title = NULL;
  g_autofree char *keys = NULL;
  g_autoptr(GPtrArray) hints = NULL;
  g_autofree char *no_hints = NULL;
  XqImportLine *line;
  XqSolution sol, proof;
  XqSolveResult start;
  XqPosition pos;
  gboolean finish = FALSE;
  guint ply = 0, n = xq_pgn_record_get_n_moves (rec);

  if (im->items->len >= XQ_LESSON_MAX_ITEMS)
    {
      g_autofree char *why = g_strdup_printf (im->as == XQ_IMPORT_AS_UNIT
                                              ? _("the unit already holds %d exercises, the most it may")
                                              : _("the pack already holds %d puzzles, the most it may"),
                                              XQ_LESSON_MAX_ITEMS);
      skip (im, file, record, XQ_IMPORT_SKIP_NO_ROOM, why);
      return;
    }
  if (n > XQ_IMPORT_MAX_PLIES)
    {
      g_autofree char *why = g_strdup_printf (_("more than %d moves"), XQ_IMPORT_MAX_PLIES);
      skip (im, file, record, XQ_IMPORT_SKIP_OTHER, why);
      return;
    }

  pos = *xq_pgn_record_get_start (rec);
  start = start_verdict (im, &pos, &sol);
  if (start != XQ_SOLVE_MATE)
    {
      finish = find_finish (rec, &ply, &sol);
      if (!finish)
        {
          g_autofree char *why = NULL;
          XqPosition end;
          XqStatus status;

          xq_pgn_record_get_position (rec, n, &end);
          status = xq_position_status (&end);
          /* The search ran out of its budget: for a teacher this is a
           * fact about the position (the standard start always does),
           * not a failure. */
          if (start == XQ_SOLVE_ABORTED)
            why = g_strdup_printf (_("no forced mate within %d moves is found from the start, and the game does not end in mate"),
                                   XQ_SOLVER_MAX_MATE);
          else if (status == XQ_STATUS_CHECKMATE || status == XQ_STATUS_STALEMATE)
            why = g_strdup_printf (_("the start is not a forced mate within %d moves, and the game's mate is not forced"),
                                   XQ_SOLVER_MAX_MATE);
          else
            why = g_strdup_printf (_("the start is not a forced mate within %d moves and the game does not end in mate"),
                                   XQ_SOLVER_MAX_MATE);
          skip (im, file, record, XQ_IMPORT_SKIP_NO_MATE, why);
          return;
        }
      xq_pgn_record_get_position (rec, ply, &pos);
    }

  /* A puzzle starts afresh, whatever the move counters were in the game. */
  pos.halfmove = 0;
  pos.fullmove = 1;

  /* The loader proves "mate in at most N" with N the shortest: what it
   * will spend is this proof's work. */
  if (im->proof_work >= XQ_LESSON_FILE_PROOF_BUDGET)
    {
      skip (im, file, record, XQ_IMPORT_SKIP_NO_ROOM,
            _("the file's proof budget is spent on the mates before this one; import it into another file"));
      return;
    }
  if (xq_lesson_mate_solve (&pos, sol.mate, &proof) != XQ_SOLVE_MATE)
    {
      skip (im, file, record, XQ_IMPORT_SKIP_OTHER, _("the mate is too deep to prove again within the solver's budget"));
      return;
    }
  if (im->as == XQ_IMPORT_AS_PACK && proof.n_keys > XQ_LESSON_MAX_LIST)
    {
      g_autofree char *why = g_strdup_printf (_("the mate has %d key moves, more than the %d a puzzle can list"),
                                              proof.n_keys, XQ_LESSON_MAX_LIST);
      skip (im, file, record, XQ_IMPORT_SKIP_OTHER, why);
      return;
    }
  im->proof_work += proof.work;

  if (ply < n)
    {
      XqMove m = xq_pgn_record_get_move (rec, ply);
      char iccs[5];

      if (xq_lesson_mate_within (&pos, m, proof.mate) == XQ_SOLVE_MATE)
        hints = hint_ladder (&pos, m);
      else
        {
          xq_move_to_iccs (m, iccs);
          /* TRANSLATORS: appended to an imported line: why the exercise has no hints. */
          no_hints = g_strdup_printf (_("; no hints: the recorded move %s is not a win in %d"), iccs, proof.mate);
        }
    }
  else
    /* TRANSLATORS: appended to an imported line. */
    no_hints = g_strdup (_("; no hints: the record has no moves"));

  id = im->several_files ? g_strdup_printf ("file%u-record-%u", file_index + 1, record)
                         : g_strdup_printf ("record-%u", record);
  {
    g_autofree char *full = finish ? finish_title (rec, file, record) : record_title (rec, file, record);
    g_strdelimit (full, "\n\t\r", ' ');
    title = truncate_chars (full, XQ_LESSON_MAX_TITLE);
  }
  keys = keys_text (&proof);
  g_ptr_array_add (im->items, item_node (im, id, title, &pos, &proof, hints));

  add_line (im, file, record, finish ? XQ_IMPORT_GAME : XQ_IMPORT_PUZZLE, NULL,
            finish
            /* TRANSLATORS: FILE: record N: imported …: ply P, mate in N, keys, title */
            ? g_strdup_printf (_("%s: record %u: imported the finish from ply %u as a mate in %d (keys %s): “%s”%s"),
                               file, record, ply, proof.mate, keys, title, no_hints ? no_hints : "")
            : g_strdup_printf (_("%s: record %u: imported the start as a mate in %d (keys %s): “%s”%s"),
                               file, record, proof.mate, keys, title, no_hints ? no_hints : ""));
  line = g_ptr_array_index (im->report->lines, im->report->lines->len - 1);
  line->id = g_steal_pointer (&id);
  line->mate_in = proof.mate;
  line->ply = ply;
  line->keys = g_steal_pointer (&keys);
  line->title = g_steal_pointer (&title);
  line->n_hints = hints != NULL ? hints->len : 0;
}

/* ---- The document ---------------------------------------------------------------- */

/* An id from the output file's name: "Endgames 2.json" -> "endgames-2". */
static char *
document_id (const char *out_path)
{
  g_autofree char *base = g_path_get_basename (out_path);
  g_autoptr(GString) id = g_string_new (NULL);
  char *dot = strrchr (base, '.');

  if (dot != NULL && dot != base)
    *dot = '\0';
  for (const char *p = base; *p != '\0' && id->len < XQ_LESSON_MAX_WORD; p++)
    {
      if (g_ascii_isalnum (*p))
        g_string_append_c (id, g_ascii_tolower (*p));
      else if (id->len > 0 && id->str[id->len - 1] != '-')
        g_string_append_c (id, '-');
    }
  while (id->len > 0 && id->str[id->len - 1] == '-')
    g_string_truncate (id, id->len - 1);
  if (id->len == 0)
    g_string_append (id, "imported");
  return g_string_free (g_steal_pointer (&id), FALSE);
}

static char *
document_title (const char *const *paths, const char *title)
{
  g_autofree char *base = g_path_get_basename (paths[0]);
  guint n = g_strv_length ((char **) paths);
  g_autofree char *full = NULL;

  if (title != NULL && *title != '\0')
    {
      full = g_strdup (title);
      g_strdelimit (full, "\n\t\r", ' ');
      g_strstrip (full);
    }
  if (full != NULL && *full != '\0')
    ;
  else if (n == 1)
    /* TRANSLATORS: the title of an imported unit or pack: the file name. */
    full = g_strdup_printf (_("Imported from %s"), base);
  else
    full = g_strdup_printf (ngettext ("Imported from %s and %u more file",
                                      "Imported from %s and %u more files", n - 1), base, n - 1);
  return truncate_chars (full, XQ_LESSON_MAX_TITLE);
}

/* The number of the unit out_path replaces, else the next free one in its
 * folder (after the teacher's other units). */
static int
unit_number (const char *out_path)
{
  g_autoptr(JsonObject) old = xq_unit_store_read (out_path, NULL);
  g_autofree char *dir = g_path_get_dirname (out_path);
  JsonNode *n = old != NULL ? json_object_get_member (old, "number") : NULL;

  if (n != NULL && JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_INT64)
    return (int) json_node_get_int (n);
  return xq_unit_store_next_number (dir);
}

static char *
document_json (Import *im, const char *const *paths, const char *out_path, const char *name, gsize *length)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autofree char *id = document_id (out_path);
  g_autofree char *title = document_title (paths, name);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "format");
  json_builder_add_int_value (b, 1);
  json_builder_set_member_name (b, "type");
  json_builder_add_string_value (b, im->as == XQ_IMPORT_AS_UNIT ? "unit" : "pack");
  json_builder_set_member_name (b, "id");
  json_builder_add_string_value (b, id);
  if (im->as == XQ_IMPORT_AS_UNIT)
    {
      json_builder_set_member_name (b, "number");
      json_builder_add_int_value (b, unit_number (out_path));
    }
  json_builder_set_member_name (b, "title");
  json_builder_add_string_value (b, title);
  if (im->as == XQ_IMPORT_AS_UNIT)
    {
      g_autofree char *text = g_strdup_printf (ngettext ("%u mate taken from the games in these files.",
                                                         "%u mates taken from the games in these files.",
                                                         im->items->len), im->items->len);
      json_builder_set_member_name (b, "pages");
      json_builder_begin_array (b);
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "text");
      json_builder_add_string_value (b, text);
      json_builder_end_object (b);
      json_builder_end_array (b);
    }
  json_builder_set_member_name (b, im->as == XQ_IMPORT_AS_UNIT ? "exercises" : "puzzles");
  json_builder_begin_array (b);
  for (guint i = 0; i < im->items->len; i++)
    json_builder_add_value (b, json_node_copy (g_ptr_array_index (im->items, i)));
  json_builder_end_array (b);
  json_builder_end_object (b);
  return xq_json_file_text (b, length);
}

gboolean
xq_import_files (const char *const *paths, XqImportAs as, const char *out_path,
                 XqImportProgress progress, gpointer user_data,
                 GCancellable *cancellable, XqImportReport **report, GError **error)
{
  return xq_import_files_titled (paths, as, out_path, NULL, progress, user_data, cancellable, report, error);
}

gboolean
xq_import_files_titled (const char *const *paths, XqImportAs as, const char *out_path, const char *title,
                        XqImportProgress progress, gpointer user_data,
                        GCancellable *cancellable, XqImportReport **report, GError **error)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func ((GDestroyNotify) json_node_unref);
  g_autoptr(GHashTable) verdicts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
  g_autoptr(XqLessonFile) check = NULL;
  g_autofree char *data = NULL;
  guint n_files;
  gsize length = 0;
  Import im = { 0 };

  g_return_val_if_fail (paths != NULL && paths[0] != NULL, FALSE);
  g_return_val_if_fail (out_path != NULL && report != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  *report = g_new0 (XqImportReport, 1);
  (*report)->lines = g_ptr_array_new_with_free_func ((GDestroyNotify) import_line_free);
  {
    g_autofree char *id = document_id (out_path);

    /* Mixed with the curriculum's unit of that id, the learners' stars
     * and the Learn page's cards would be two units' at once. */
    if (xq_unit_store_is_builtin_id (id))
      {
        g_set_error (error, XQ_IMPORT_ERROR, XQ_IMPORT_ERROR_BUILTIN,
                     _("%s: “%s” is the id of a unit that comes with the program; choose another file name"),
                     out_path, id);
        return FALSE;
      }
  }
  n_files = g_strv_length ((char **) paths);
  im.as = as;
  im.several_files = n_files > 1;
  im.items = items;
  im.start_verdicts = verdicts;
  im.report = *report;

  for (guint f = 0; f < n_files; f++)
    {
      g_autoptr(GError) local = NULL;
      g_autoptr(GPtrArray) games = NULL;
      XqImportCause cause = XQ_IMPORT_SKIP_DAMAGED;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      if (progress != NULL)
        progress (paths[f], f, n_files, 0, user_data);
      games = read_records (paths[f], &cause, &local);
      if (games == NULL)
        {
          skip (&im, paths[f], 0, cause, local->message);
          continue;
        }
      for (guint r = 0; r < games->len; r++)
        {
          XqPgnGame *game = g_ptr_array_index (games, r);

          if (g_cancellable_set_error_if_cancelled (cancellable, error))
            return FALSE;
          if (progress != NULL)
            progress (paths[f], f, n_files, r + 1, user_data);
          if (game->record == NULL)
            skip (&im, paths[f], r + 1, XQ_IMPORT_SKIP_DAMAGED, game->error->message);
          else
            import_record (&im, paths[f], f, r + 1, game->record);
        }
    }

  if (items->len == 0)
    {
      g_set_error (error, XQ_IMPORT_ERROR, XQ_IMPORT_ERROR_NOTHING,
                   _("No record became an exercise or a puzzle, so nothing was written"));
      return FALSE;
    }
  data = document_json (&im, paths, out_path, title, &length);
  /* What is written must load: the structure is checked here (the proofs
   * were made above and are the loader's own). */
  check = xq_lesson_load_data_full (data, (gssize) length, out_path, XQ_LESSON_LOAD_NO_PROOFS, problems);
  if (check == NULL)
    {
      g_autofree char *first = problems->len > 0
                               ? xq_lesson_problem_format (g_ptr_array_index (problems, 0)) : g_strdup ("?");
      g_set_error (error, XQ_IMPORT_ERROR, XQ_IMPORT_ERROR_INTERNAL,
                   _("The imported document does not load: %s"), first);
      return FALSE;
    }
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  return xq_safe_file_write (out_path, data, (gssize) length, error);
}

/* ---- Folders ---------------------------------------------------------------------- */

typedef struct {
  GPtrArray    *found;
  GCancellable *cancellable;
} Walk;

static int
compare_paths (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* The game files under dir (depth folders deep at most), in name order. */
static gboolean
walk_folder (Walk *w, GFile *dir, guint depth, GError **error)
{
  g_autoptr(GFileEnumerator) e = NULL;
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) dirs = g_ptr_array_new_with_free_func (g_object_unref);
  GFileInfo *info;
  GError *local = NULL;

  e = g_file_enumerate_children (dir, G_FILE_ATTRIBUTE_STANDARD_NAME "," G_FILE_ATTRIBUTE_STANDARD_TYPE ","
                                 G_FILE_ATTRIBUTE_STANDARD_IS_SYMLINK "," G_FILE_ATTRIBUTE_STANDARD_IS_HIDDEN,
                                 G_FILE_QUERY_INFO_NONE, w->cancellable, error);
  if (e == NULL)
    return FALSE;
  while ((info = g_file_enumerator_next_file (e, w->cancellable, &local)) != NULL)
    {
      const char *name = g_file_info_get_name (info);
      GFileType type = g_file_info_get_file_type (info);

      if (g_file_info_get_is_hidden (info))
        ;
      else if (type == G_FILE_TYPE_DIRECTORY && !g_file_info_get_is_symlink (info))
        g_ptr_array_add (dirs, g_file_get_child (dir, name));
      else if (type == G_FILE_TYPE_REGULAR && xq_game_file_name_is_game (name))
        {
          g_autoptr(GFile) child = g_file_get_child (dir, name);
          g_ptr_array_add (files, g_file_get_path (child));
        }
      g_object_unref (info);
      if (w->found->len + files->len > XQ_IMPORT_MAX_FILES)
        {
          g_autofree char *path = g_file_get_path (dir);
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                       _("%s: more than %d game files; choose a smaller folder"), path, XQ_IMPORT_MAX_FILES);
          return FALSE;
        }
    }
  if (local != NULL)
    {
      g_propagate_error (error, local);
      return FALSE;
    }
  g_ptr_array_sort (files, compare_paths);
  for (guint i = 0; i < files->len; i++)
    g_ptr_array_add (w->found, g_strdup (g_ptr_array_index (files, i)));
  if (depth >= XQ_IMPORT_MAX_DEPTH)
    return TRUE;
  /* Subfolders after the folder's own files, each in name order. */
  {
    g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

    for (guint i = 0; i < dirs->len; i++)
      g_ptr_array_add (names, g_file_get_path (g_ptr_array_index (dirs, i)));
    g_ptr_array_sort (names, compare_paths);
    for (guint i = 0; i < names->len; i++)
      {
        g_autoptr(GFile) sub = g_file_new_for_path (g_ptr_array_index (names, i));

        if (!walk_folder (w, sub, depth + 1, error))
          return FALSE;
      }
  }
  return TRUE;
}

GPtrArray *
xq_import_find_files (const char *const *paths, GCancellable *cancellable, GError **error)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func (g_free);
  Walk w = { found, cancellable };

  g_return_val_if_fail (paths != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);
  for (guint i = 0; paths[i] != NULL; i++)
    {
      if (g_file_test (paths[i], G_FILE_TEST_IS_DIR))
        {
          g_autoptr(GFile) dir = g_file_new_for_path (paths[i]);

          if (!walk_folder (&w, dir, 0, error))
            return NULL;
        }
      else if (found->len >= XQ_IMPORT_MAX_FILES)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                       _("More than %d game files; import fewer at a time"), XQ_IMPORT_MAX_FILES);
          return NULL;
        }
      else
        g_ptr_array_add (found, g_strdup (paths[i]));
    }
  if (found->len == 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   paths[0] != NULL && paths[1] == NULL
                   ? _("%s: no game file here (XQF, PGN, 象棋桥 CBR, CBL or CBF)")
                   : _("No game file in these folders (XQF, PGN, 象棋桥 CBR, CBL or CBF)"),
                   paths[0] != NULL ? paths[0] : "");
      return NULL;
    }
  return g_steal_pointer (&found);
}

/* ---- The summary ------------------------------------------------------------------ */

char *
xq_import_cause_text (XqImportCause cause, guint n)
{
  switch (cause)
    {
    case XQ_IMPORT_PUZZLE:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u puzzle", "%u puzzles", n), n);
    case XQ_IMPORT_GAME:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u game", "%u games", n), n);
    case XQ_IMPORT_SKIP_NO_MATE:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u has no forced mate within %d moves",
                                           "%u have no forced mate within %d moves", n), n, XQ_SOLVER_MAX_MATE);
    case XQ_IMPORT_SKIP_DAMAGED:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u is damaged", "%u are damaged", n), n);
    case XQ_IMPORT_SKIP_NOT_GAME:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u is not a game file", "%u are not game files", n), n);
    case XQ_IMPORT_SKIP_NO_ROOM:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u did not fit into the unit",
                                           "%u did not fit into the unit", n), n);
    case XQ_IMPORT_SKIP_OTHER:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u cannot be made a puzzle",
                                           "%u cannot be made puzzles", n), n);
    case XQ_IMPORT_N_CAUSES:
    default:
      break;
    }
  g_return_val_if_reached (NULL);
}

char *
xq_import_report_summary (const XqImportReport *report)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GPtrArray) causes = g_ptr_array_new_with_free_func (g_free);
  const guint *n;

  g_return_val_if_fail (report != NULL, NULL);
  n = report->n_by_cause;
  /* TRANSLATORS: the summary of an import of games: "312 puzzles, 40
   * games, 12 skipped — 9 have no forced mate within 15 moves, 3 are
   * damaged".  A puzzle is a record whose start is a forced mate; a game
   * one whose finish was taken. */
  {
    g_autofree char *puzzles = xq_import_cause_text (XQ_IMPORT_PUZZLE, n[XQ_IMPORT_PUZZLE]);
    g_autofree char *games = xq_import_cause_text (XQ_IMPORT_GAME, n[XQ_IMPORT_GAME]);

    g_string_append (text, puzzles);
    g_string_append (text, C_("list of counts", ", "));
    g_string_append (text, games);
  }
  g_string_append (text, C_("list of counts", ", "));
  g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%u skipped", "%u skipped", report->n_skipped),
                          report->n_skipped);
  for (int c = XQ_IMPORT_SKIP_NO_MATE; c < XQ_IMPORT_N_CAUSES; c++)
    if (n[c] > 0)
      g_ptr_array_add (causes, xq_import_cause_text ((XqImportCause) c, n[c]));
  for (guint i = 0; i < causes->len; i++)
    {
      /* TRANSLATORS: between the counts and the causes of the skips. */
      g_string_append (text, i == 0 ? C_("list of counts", " — ") : C_("list of counts", ", "));
      g_string_append (text, g_ptr_array_index (causes, i));
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}
