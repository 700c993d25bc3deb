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
#include "xq-proofs.h"
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
  g_clear_pointer (&report->files_written, g_ptr_array_unref);
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

/* One file of the output: at most XQ_LESSON_MAX_ITEMS items, and the work
 * the loader will spend on the proofs it cannot take from the record or
 * the cache (XQ_LESSON_FILE_PROOF_BUDGET at most). */
typedef struct {
  GPtrArray *items;        /* JsonNode* */
  guint64    proof_work;
} Part;

static void
part_free (Part *part)
{
  g_ptr_array_unref (part->items);
  g_free (part);
}

typedef struct {
  XqSolveResult result;
  XqSolution    sol;
} Verdict;

/* One record, as a worker decides it (everything that does not depend on
 * the records before it); the assembly in the import's thread, in record
 * order, does the rest (the files, the ids, the report). */
typedef struct {
  GPtrArray    *games;      /* a reference to the file's records */
  const XqPgnRecord *rec;   /* NULL: resolved already (a skip) */
  const char   *file;
  guint         file_index, record, n_records;
  gboolean      done;
  /* What the worker found */
  XqImportCause cause;      /* XQ_IMPORT_PUZZLE, _GAME or a skip's cause */
  char         *why;        /* a skip's reason */
  XqPosition    pos;        /* the exercise's position */
  guint         ply;
  XqSolution    proof;      /* the loader's verdict */
  gboolean      known;      /* in the record or the cache already */
  GPtrArray    *hints;
  char         *no_hints;
} Job;

static void
job_free (Job *job)
{
  g_clear_pointer (&job->games, g_ptr_array_unref);
  g_free (job->why);
  g_clear_pointer (&job->hints, g_ptr_array_unref);
  g_free (job->no_hints);
  g_free (job);
}

typedef struct {
  XqImportAs    as;
  gboolean      several_files;
  GPtrArray    *parts;          /* Part*: the output files, in order */
  XqProofs     *made;           /* the proofs made here, for the user's cache */
  guint         cache_room;     /* how many more the cache takes */
  GHashTable   *start_verdicts; /* FEN -> Verdict of "mate within the maximum" */
  XqImportReport *report;
  GCancellable *cancellable;
  /* The workers */
  GMutex        lock;           /* start_verdicts, Job.done */
  GCond         cond;           /* a job is done */
  GAsyncQueue  *solvers;        /* XqSolver*: one for each worker at work */
  GPtrArray    *all_solvers;
} Import;

/* The shortest forced mate within the format's maximum from pos (its
 * distance and one key only: every key comes from the loader's proof
 * below), asked once per position (many games share the standard start). */
static XqSolveResult
start_verdict (Import *im, XqSolver *solver, const XqPosition *pos, XqSolution *sol)
{
  g_autofree char *fen = xq_position_to_fen (pos);
  Verdict *v;

  g_mutex_lock (&im->lock);
  v = g_hash_table_lookup (im->start_verdicts, fen);
  if (v != NULL)
    {
      *sol = v->sol;
      g_mutex_unlock (&im->lock);
      return v->result;
    }
  g_mutex_unlock (&im->lock);
  {
    XqPosition copy = *pos;
    Verdict found = { XQ_SOLVE_NONE, { 0 } };

    if (xq_position_has_legal_move (&copy))
      found.result = xq_lesson_solver_mate_distance (solver, pos, XQ_SOLVER_MAX_MATE, &found.sol);
    /* A stopped search proves nothing: it is not kept. */
    if (!g_cancellable_is_cancelled (im->cancellable))
      {
        g_mutex_lock (&im->lock);
        g_hash_table_replace (im->start_verdicts, g_steal_pointer (&fen), g_memdup2 (&found, sizeof found));
        g_mutex_unlock (&im->lock);
      }
    *sol = found.sol;
    return found.result;
  }
}

/* Walking back from a game's mating move: the earliest position of the
 * winner's from which the solver still proves a forced mate, and at most
 * the format's maximum.  FALSE if the game does not end in mate. */
static gboolean
find_finish (XqSolver *solver, const XqPgnRecord *rec, guint *ply, XqSolution *best)
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
      if (xq_lesson_solver_mate_distance (solver, &pos, (int) k, &sol) != XQ_SOLVE_MATE)
        break;
      *ply = p;
      *best = sol;
      found = TRUE;
    }
  return found;
}

static void
job_skip (Job *job, XqImportCause cause, char *why)
{
  job->cause = cause;
  job->why = why;
}

/* Whether a record's start is a set-up position rather than the game's
 * usual start (whose search always runs out: it is far too open). */
static gboolean
is_standard_start (const XqPosition *pos)
{
  XqPosition start;

  /* The board and the side to move; the counters do not matter. */
  xq_position_init_start (&start);
  return pos->side == start.side && memcmp (pos->board, start.board, sizeof start.board) == 0;
}

/* What a record becomes, on a worker's solver: everything the loader
 * would compute, and the hints. */
static void
decide (Import *im, XqSolver *solver, Job *job)
{
  const XqPgnRecord *rec = job->rec;
  guint n = xq_pgn_record_get_n_moves (rec);
  XqSolution sol;
  XqSolveResult start, r;
  gboolean finish = FALSE;

  if (n > XQ_IMPORT_MAX_PLIES)
    {
      job_skip (job, XQ_IMPORT_SKIP_OTHER, g_strdup_printf (_("more than %d moves"), XQ_IMPORT_MAX_PLIES));
      return;
    }
  job->pos = *xq_pgn_record_get_start (rec);
  start = start_verdict (im, solver, &job->pos, &sol);
  if (start != XQ_SOLVE_MATE)
    {
      finish = find_finish (solver, rec, &job->ply, &sol);
      if (!finish)
        {
          XqPosition end;
          XqStatus status;

          xq_pgn_record_get_position (rec, n, &end);
          status = xq_position_status (&end);
          /* The search ran out of its budget on a set-up position (a
           * diagram, a kill from a book): the mate may well be there,
           * deeper or more crowded than the solver proves in its budget.
           * On a game from the usual start it is a fact about the game
           * (the start is far too open), not about the solver. */
          if (start == XQ_SOLVE_ABORTED && n == 0)
            job_skip (job, XQ_IMPORT_SKIP_TOO_DEEP,
                      g_strdup_printf (_("no forced mate within %d moves could be proved within the solver's "
                                         "budget (too deep or too crowded for it)"), XQ_SOLVER_MAX_MATE));
          else if (start == XQ_SOLVE_NONE && n == 0)
            job_skip (job, XQ_IMPORT_SKIP_NO_MATE,
                      g_strdup_printf (_("the side to move has no forced mate within %d moves"), XQ_SOLVER_MAX_MATE));
          else if (start == XQ_SOLVE_ABORTED && !is_standard_start (&job->pos))
            job_skip (job, XQ_IMPORT_SKIP_TOO_DEEP,
                      g_strdup_printf (_("no forced mate within %d moves could be proved from the start "
                                         "within the solver's budget (too deep or too crowded), "
                                         "and the game does not end in mate"), XQ_SOLVER_MAX_MATE));
          else if (start == XQ_SOLVE_ABORTED)
            job_skip (job, XQ_IMPORT_SKIP_NO_MATE,
                      g_strdup_printf (_("no forced mate within %d moves is found from the start, and the game does not end in mate"),
                                       XQ_SOLVER_MAX_MATE));
          else if (status == XQ_STATUS_CHECKMATE || status == XQ_STATUS_STALEMATE)
            job_skip (job, XQ_IMPORT_SKIP_NO_MATE,
                      g_strdup_printf (_("the start is not a forced mate within %d moves, and the game's mate is not forced"),
                                       XQ_SOLVER_MAX_MATE));
          else
            job_skip (job, XQ_IMPORT_SKIP_NO_MATE,
                      g_strdup_printf (_("the start is not a forced mate within %d moves and the game does not end in mate"),
                                       XQ_SOLVER_MAX_MATE));
          return;
        }
      xq_pgn_record_get_position (rec, job->ply, &job->pos);
    }

  /* A puzzle starts afresh, whatever the move counters were in the game. */
  job->pos.halfmove = 0;
  job->pos.fullmove = 1;

  /* The loader's verdict: "mate in at most N", N the shortest, with every
   * key.  One already in the shipped record or the user's cache is the
   * loader's own; else it is proved here exactly as the loader proves it
   * (same solver set-up, from an empty table). */
  if (xq_proofs_known (&job->pos, sol.mate, &job->proof) && job->proof.mate > 0)
    job->known = TRUE;
  else
    {
      r = xq_lesson_solver_mate_solve (solver, &job->pos, sol.mate, &job->proof);
      if (r != XQ_SOLVE_MATE)
        {
          job_skip (job, XQ_IMPORT_SKIP_TOO_DEEP,
                    g_strdup_printf (_("the mate in %d is too deep to prove again with every key move "
                                       "within the solver's budget"), sol.mate));
          return;
        }
    }
  if (im->as == XQ_IMPORT_AS_PACK && job->proof.n_keys > XQ_LESSON_MAX_LIST)
    {
      job_skip (job, XQ_IMPORT_SKIP_OTHER,
                g_strdup_printf (_("the mate has %d key moves, more than the %d a puzzle can list"),
                                 job->proof.n_keys, XQ_LESSON_MAX_LIST));
      return;
    }

  if (job->ply < n)
    {
      XqMove m = xq_pgn_record_get_move (rec, job->ply);
      char iccs[5];

      if (xq_lesson_solver_mate_within (solver, &job->pos, m, job->proof.mate) == XQ_SOLVE_MATE)
        job->hints = hint_ladder (&job->pos, m);
      else
        {
          xq_move_to_iccs (m, iccs);
          /* TRANSLATORS: appended to an imported line: why the exercise has no hints. */
          job->no_hints = g_strdup_printf (_("; no hints: the recorded move %s is not a win in %d"), iccs,
                                           job->proof.mate);
        }
    }
  else
    /* TRANSLATORS: appended to an imported line. */
    job->no_hints = g_strdup (_("; no hints: the record has no moves"));
  job->cause = finish ? XQ_IMPORT_GAME : XQ_IMPORT_PUZZLE;
}

/* A worker: one record on a solver of its own. */
static void
work (gpointer data, gpointer user_data)
{
  Job *job = data;
  Import *im = user_data;

  if (!g_cancellable_is_cancelled (im->cancellable))
    {
      XqSolver *solver = g_async_queue_pop (im->solvers);

      decide (im, solver, job);
      g_async_queue_push (im->solvers, solver);
    }
  g_mutex_lock (&im->lock);
  job->done = TRUE;
  g_cond_broadcast (&im->cond);
  g_mutex_unlock (&im->lock);
}

/* Stop: the searches under way answer at once (XQ_SOLVE_ABORTED). */
static void
stop_solvers (GCancellable *cancellable, gpointer user_data)
{
  Import *im = user_data;

  for (guint i = 0; i < im->all_solvers->len; i++)
    xq_solver_cancel (g_ptr_array_index (im->all_solvers, i));
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

/* The part the next item goes into: a new one when the current holds
 * XQ_LESSON_MAX_ITEMS, or when the loader would have spent the file's proof
 * budget before reaching it (it checks the budget before every proof, even
 * one it then finds in the cache). */
static Part *
part_for_next (Import *im)
{
  Part *part = im->parts->len > 0 ? g_ptr_array_index (im->parts, im->parts->len - 1) : NULL;

  if (part == NULL || part->items->len >= XQ_LESSON_MAX_ITEMS || part->proof_work >= XQ_LESSON_FILE_PROOF_BUDGET)
    {
      part = g_new0 (Part, 1);
      part->items = g_ptr_array_new_with_free_func ((GDestroyNotify) json_node_unref);
      g_ptr_array_add (im->parts, part);
    }
  return part;
}

/* A decided record into the report and, when imported, a part (in record
 * order, in the import's thread). */
static void
assemble (Import *im, Job *job)
{
  const XqPgnRecord *rec = job->rec;
  g_autofree char *id = NULL;
  g_autofree char *title = NULL;
  g_autofree char *keys = NULL;
  gboolean finish = job->cause == XQ_IMPORT_GAME;
  XqImportLine *line;
  Part *part;

  if (job->cause != XQ_IMPORT_PUZZLE && job->cause != XQ_IMPORT_GAME)
    {
      skip (im, job->file, job->record, job->cause, job->why);
      return;
    }
  part = part_for_next (im);
  /* What the loader will spend on this proof: nothing when the record or
   * the cache has it, or the cache takes it now; else the proof's work. */
  if (!job->known)
    {
      xq_proofs_add (im->made, &job->pos, job->proof.mate, &job->proof);
      if (im->cache_room > 0)
        im->cache_room--;
      else
        part->proof_work += job->proof.work;
    }

  id = im->several_files ? g_strdup_printf ("file%u-record-%u", job->file_index + 1, job->record)
                         : g_strdup_printf ("record-%u", job->record);
  {
    g_autofree char *full = finish ? finish_title (rec, job->file, job->record)
                                   : record_title (rec, job->file, job->record);
    g_strdelimit (full, "\n\t\r", ' ');
    title = truncate_chars (full, XQ_LESSON_MAX_TITLE);
  }
  keys = keys_text (&job->proof);
  g_ptr_array_add (part->items, item_node (im, id, title, &job->pos, &job->proof, job->hints));

  add_line (im, job->file, job->record, job->cause, NULL,
            finish
            /* TRANSLATORS: FILE: record N: imported …: ply P, mate in N, keys, title */
            ? g_strdup_printf (_("%s: record %u: imported the finish from ply %u as a mate in %d (keys %s): “%s”%s"),
                               job->file, job->record, job->ply, job->proof.mate, keys, title,
                               job->no_hints ? job->no_hints : "")
            : g_strdup_printf (_("%s: record %u: imported the start as a mate in %d (keys %s): “%s”%s"),
                               job->file, job->record, job->proof.mate, keys, title,
                               job->no_hints ? job->no_hints : ""));
  line = g_ptr_array_index (im->report->lines, im->report->lines->len - 1);
  line->id = g_steal_pointer (&id);
  line->mate_in = job->proof.mate;
  line->ply = job->ply;
  line->keys = g_steal_pointer (&keys);
  line->title = g_steal_pointer (&title);
  line->n_hints = job->hints != NULL ? job->hints->len : 0;
  line->part = im->parts->len;
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

/* The file of part k (0-based) of an import into out_path: out_path itself,
 * then "NAME-part-2.json", "NAME-part-3.json" … beside it. */
char *
xq_import_part_path (const char *out_path, guint k)
{
  g_autofree char *stem = NULL;
  const char *base, *dot;

  g_return_val_if_fail (out_path != NULL, NULL);
  if (k == 0)
    return g_strdup (out_path);
  base = strrchr (out_path, G_DIR_SEPARATOR);
  base = base != NULL ? base + 1 : out_path;
  dot = strrchr (base, '.');
  stem = dot != NULL && dot != base ? g_strndup (out_path, (gsize) (dot - out_path)) : g_strdup (out_path);
  return g_strdup_printf ("%s-part-%u%s", stem, k + 1, dot != NULL && dot != base ? dot : "");
}

static char *
document_json (Import *im, Part *part, guint k, int number, const char *const *paths, const char *path,
               const char *name, gsize *length)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autofree char *id = document_id (path);
  g_autofree char *title = document_title (paths, name);

  if (im->parts->len > 1)
    {
      /* TRANSLATORS: the title of one of the files a large import is
       * written as: "Kills from the books, part 2 of 5". */
      g_autofree char *full = g_strdup_printf (_("%s, part %u of %u"), title, k + 1, im->parts->len);

      g_free (title);
      title = truncate_chars (full, XQ_LESSON_MAX_TITLE);
    }
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
      json_builder_add_int_value (b, number);
    }
  json_builder_set_member_name (b, "title");
  json_builder_add_string_value (b, title);
  if (im->as == XQ_IMPORT_AS_UNIT)
    {
      g_autofree char *text = g_strdup_printf (ngettext ("%u mate taken from the games in these files.",
                                                         "%u mates taken from the games in these files.",
                                                         part->items->len), part->items->len);
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
  for (guint i = 0; i < part->items->len; i++)
    json_builder_add_value (b, json_node_copy (g_ptr_array_index (part->items, i)));
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

/* How many records the workers may have in hand at once (each holds its
 * file's records in memory until it is assembled). */
#define JOBS_AHEAD_PER_WORKER 8

guint
xq_import_n_workers (void)
{
  const char *env = g_getenv ("XQ_IMPORT_WORKERS");
  guint64 n = 0;

  if (env != NULL && g_ascii_string_to_unsigned (env, 10, 1, XQ_IMPORT_MAX_WORKERS, &n, NULL))
    return (guint) n;
  return CLAMP ((guint) g_get_num_processors (), 1, XQ_IMPORT_MAX_WORKERS);
}

/* Waits for the oldest job and assembles it (unless stopped), with its
 * progress. */
static void
assemble_next (Import *im, GQueue *pending, guint n_files, XqImportProgress progress, gpointer user_data)
{
  Job *job = g_queue_pop_head (pending);

  g_mutex_lock (&im->lock);
  while (!job->done)
    g_cond_wait (&im->cond, &im->lock);
  g_mutex_unlock (&im->lock);
  if (!g_cancellable_is_cancelled (im->cancellable))
    {
      if (progress != NULL && job->record > 0)
        progress (job->file, job->file_index, n_files, job->record, job->n_records, user_data);
      assemble (im, job);
    }
  job_free (job);
}

/* Reads every file and decides every record (on the workers), assembling
 * them in order.  FALSE when stopped. */
static gboolean
import_all (Import *im, const char *const *paths, guint n_files, XqImportProgress progress, gpointer user_data)
{
  guint n_workers = xq_import_n_workers ();
  g_autoptr(GQueue) pending = g_queue_new ();
  GThreadPool *pool;
  gulong handler;
  gboolean stopped = FALSE;

  for (guint i = 0; i < n_workers; i++)
    {
      XqSolver *solver = xq_lesson_solver_new ();

      g_ptr_array_add (im->all_solvers, solver);
      g_async_queue_push (im->solvers, solver);
    }
  pool = g_thread_pool_new (work, im, (gint) n_workers, TRUE, NULL);
  handler = g_cancellable_connect (im->cancellable, G_CALLBACK (stop_solvers), im, NULL);

  for (guint f = 0; f < n_files && !stopped; f++)
    {
      g_autoptr(GError) local = NULL;
      g_autoptr(GPtrArray) games = NULL;
      XqImportCause cause = XQ_IMPORT_SKIP_DAMAGED;

      if (g_cancellable_is_cancelled (im->cancellable))
        break;
      if (progress != NULL)
        progress (paths[f], f, n_files, 0, 0, user_data);
      if (g_cancellable_is_cancelled (im->cancellable))
        break;
      games = read_records (paths[f], &cause, &local);
      for (guint r = 0; r == 0 || (games != NULL && r < games->len); r++)
        {
          Job *job = g_new0 (Job, 1);
          XqPgnGame *game = games != NULL && r < games->len ? g_ptr_array_index (games, r) : NULL;

          job->file = paths[f];
          job->file_index = f;
          job->n_records = games != NULL ? games->len : 0;
          if (games == NULL)
            job_skip (job, cause, g_strdup (local->message));
          else if (game == NULL)
            {
              g_free (job);
              break;
            }
          else if (game->record == NULL)
            {
              job->record = r + 1;
              job_skip (job, XQ_IMPORT_SKIP_DAMAGED, g_strdup (game->error->message));
            }
          else
            {
              job->record = r + 1;
              job->games = g_ptr_array_ref (games);
              job->rec = game->record;
            }
          g_queue_push_tail (pending, job);
          if (job->rec != NULL)
            g_thread_pool_push (pool, job, NULL);
          else
            job->done = TRUE;
          /* The workers keep a few records each in hand; the oldest is
           * assembled as soon as it is decided. */
          while (pending->length > n_workers * JOBS_AHEAD_PER_WORKER)
            assemble_next (im, pending, n_files, progress, user_data);
          if (g_cancellable_is_cancelled (im->cancellable))
            {
              stopped = TRUE;
              break;
            }
        }
    }
  while (!g_queue_is_empty (pending))
    assemble_next (im, pending, n_files, progress, user_data);
  g_cancellable_disconnect (im->cancellable, handler);
  g_thread_pool_free (pool, FALSE, TRUE);
  return !stopped && !g_cancellable_is_cancelled (im->cancellable);
}

gboolean
xq_import_files_titled (const char *const *paths, XqImportAs as, const char *out_path, const char *title,
                        XqImportProgress progress, gpointer user_data,
                        GCancellable *cancellable, XqImportReport **report, GError **error)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func ((GDestroyNotify) part_free);
  g_autoptr(GHashTable) verdicts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GPtrArray) all_solvers = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_solver_free);
  g_autoptr(GAsyncQueue) solvers = g_async_queue_new ();
  g_autoptr(XqProofs) made = xq_proofs_new ();
  g_autoptr(GCancellable) own = cancellable == NULL ? g_cancellable_new () : NULL;
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) out_paths = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) lengths = g_array_new (FALSE, FALSE, sizeof (gsize));
  g_autofree char *out_dir = NULL;
  gboolean replacing, ok;
  guint n_files;
  int number = 0;
  Import im = { 0 };

  g_return_val_if_fail (paths != NULL && paths[0] != NULL, FALSE);
  g_return_val_if_fail (out_path != NULL && report != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  *report = g_new0 (XqImportReport, 1);
  (*report)->lines = g_ptr_array_new_with_free_func ((GDestroyNotify) import_line_free);
  (*report)->files_written = g_ptr_array_new_with_free_func (g_free);
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
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  replacing = g_file_test (out_path, G_FILE_TEST_EXISTS);
  n_files = g_strv_length ((char **) paths);
  im.as = as;
  im.several_files = n_files > 1;
  im.parts = parts;
  im.made = made;
  im.cache_room = xq_proofs_cache_room ();
  im.start_verdicts = verdicts;
  im.report = *report;
  im.cancellable = cancellable != NULL ? cancellable : own;
  im.solvers = solvers;
  im.all_solvers = all_solvers;
  g_mutex_init (&im.lock);
  g_cond_init (&im.cond);
  ok = import_all (&im, paths, n_files, progress, user_data);
  g_mutex_clear (&im.lock);
  g_cond_clear (&im.cond);
  if (!ok)
    {
      g_cancellable_set_error_if_cancelled (im.cancellable, error);
      return FALSE;
    }

  if (parts->len == 0)
    {
      g_set_error (error, XQ_IMPORT_ERROR, XQ_IMPORT_ERROR_NOTHING,
                   _("No record became an exercise or a puzzle, so nothing was written"));
      return FALSE;
    }
  /* Every part is made and checked before any is written. */
  out_dir = g_path_get_dirname (out_path);
  for (guint k = 0; k < parts->len; k++)
    {
      g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
      g_autoptr(XqLessonFile) check = NULL;
      g_autofree char *path = xq_import_part_path (out_path, k);
      g_autofree char *data = NULL;
      gsize length = 0;

      /* A part never replaces a file of another import (only the parts of
       * the one replaced). */
      if (k > 0 && !replacing && g_file_test (path, G_FILE_TEST_EXISTS))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                       _("%s already exists: part %u of this import would replace it; choose another name"),
                       path, k + 1);
          return FALSE;
        }
      if (as == XQ_IMPORT_AS_UNIT)
        {
          /* The number of the unit a part replaces, else the next free
           * one after the parts before it. */
          int own_number = unit_number (path);

          number = k == 0 || g_file_test (path, G_FILE_TEST_EXISTS) ? own_number : MAX (own_number, number + 1);
        }
      data = document_json (&im, g_ptr_array_index (parts, k), k, number, paths, path, title, &length);
      /* What is written must load: the structure is checked here (the
       * proofs were made above and are the loader's own). */
      check = xq_lesson_load_data_full (data, (gssize) length, path, XQ_LESSON_LOAD_NO_PROOFS, problems);
      if (check == NULL)
        {
          g_autofree char *first = problems->len > 0
                                   ? xq_lesson_problem_format (g_ptr_array_index (problems, 0)) : g_strdup ("?");
          g_set_error (error, XQ_IMPORT_ERROR, XQ_IMPORT_ERROR_INTERNAL,
                       _("The imported document does not load: %s"), first);
          return FALSE;
        }
      g_ptr_array_add (texts, g_steal_pointer (&data));
      g_ptr_array_add (out_paths, g_steal_pointer (&path));
      g_array_append_val (lengths, length);
    }
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  /* The verdicts go into the user's cache first, so no load of what is
   * written proves them again (nor spends the file's budget on them). */
  (*report)->n_uncached = xq_proofs_remember_all (made);
  for (guint k = 0; k < texts->len; k++)
    {
      const char *path = g_ptr_array_index (out_paths, k);

      if (!xq_safe_file_write (path, g_ptr_array_index (texts, k), (gssize) g_array_index (lengths, gsize, k),
                               error))
        return FALSE;
      g_ptr_array_add ((*report)->files_written, g_strdup (path));
    }
  return TRUE;
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
    case XQ_IMPORT_SKIP_TOO_DEEP:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u is too deep for the solver's budget",
                                           "%u are too deep for the solver's budget", n), n);
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
  if (report->files_written != NULL && report->files_written->len > 1)
    /* TRANSLATORS: appended to an import's summary: the import was
     * written as several units or packs (of at most 200 each). */
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "; written as %u file", "; written as %u files",
                                               report->files_written->len), report->files_written->len);
  if (report->n_uncached > 0)
    /* TRANSLATORS: appended to an import's summary. */
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE,
                                               "; the proof cache is full (%2$d proofs), so %1$u mate is proved again each time it is opened",
                                               "; the proof cache is full (%2$d proofs), so %1$u mates are proved again each time they are opened",
                                               report->n_uncached), report->n_uncached, XQ_PROOFS_MAX_ENTRIES);
  return g_string_free (g_steal_pointer (&text), FALSE);
}
