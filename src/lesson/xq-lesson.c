/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-lesson"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "xq-data-dirs.h"
#include "xq-json-bounded.h"
#include "xq-kind.h"
#include "xq-kind-reader-private.h"
#include "xq-lesson.h"
#include "xq-replay.h"
#include "xq-lesson-rules.h"
#include "xq-proofs.h"

G_DEFINE_QUARK (xq-lesson-error-quark, xq_lesson_error)

/* ---- Problems -------------------------------------------------------------- */

void
xq_lesson_problem_free (XqLessonProblem *problem)
{
  if (problem == NULL)
    return;
  g_free (problem->file);
  g_free (problem->path);
  g_free (problem->message);
  g_free (problem);
}

XqLessonProblem *
xq_lesson_problem_new (const char *file, const char *path, GQuark domain, int code,
                       const char *message)
{
  XqLessonProblem *p;

  g_return_val_if_fail (path != NULL && message != NULL, NULL);
  p = g_new0 (XqLessonProblem, 1);
  /* Messages and paths quote the file (json-glib even cuts a character in
   * half, and turns a "\ud800" key into bytes that are not UTF-8): keep
   * them valid UTF-8 for whoever prints them. */
  p->message = g_utf8_make_valid (message, -1);
  p->file = g_strdup (file);
  p->path = g_utf8_make_valid (path, -1);
  p->domain = domain;
  /* The field is typed for the lesson loader's codes; domain says whose. */
  p->code = (XqLessonError) code;
  return p;
}

char *
xq_lesson_problem_format (const XqLessonProblem *problem)
{
  g_return_val_if_fail (problem != NULL, NULL);
  return g_strdup_printf ("%s: %s: %s", problem->file, problem->path, problem->message);
}

typedef struct _XqKindReader Ctx;

static const char *const mark_keys[] = { "point", "arrow", "cross", "star", "circle", "role", "color", NULL };

static void
get_marks (Ctx *ctx, JsonObject *obj, const char *path, XqLessonMarks *marks)
{
  g_autofree char *p = xq_kind_path (path, "marks");
  JsonArray *array = xq_kind_get_array (ctx, obj, path, "marks", FALSE, XQ_LESSON_MAX_MARKS);
  static const char *const kinds[] = { "point", "arrow", "cross", "star", "circle" };
  static const XqLessonMarkKind kind_values[] = {
    XQ_LESSON_MARK_POINT, XQ_LESSON_MARK_ARROW, XQ_LESSON_MARK_CROSS, XQ_LESSON_MARK_STAR,
    XQ_LESSON_MARK_CIRCLE,
  };

  xq_lesson_marks_clear (marks);
  if (array == NULL)
    return;
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *ip = xq_kind_index_path (p, i);
      JsonObject *m = xq_kind_element_object (ctx, array, i, ip);
      const char *role_name, *color_name;
      int role = XQ_LESSON_ROLE_HIGHLIGHT, kind = -1, color = XQ_LESSON_COLOR_NONE;

      if (m == NULL || !xq_kind_check_keys (ctx, m, ip, mark_keys))
        continue;
      for (int k = 0; k < (int) G_N_ELEMENTS (kinds); k++)
        if (json_object_has_member (m, kinds[k]))
          {
            if (kind >= 0)
              {
                xq_kind_problem (ctx, XQ_LESSON_ERROR_VALUE, ip,
                                 _("a mark has exactly one of “point”, “circle”, “arrow”, “cross” or “star”"));
                kind = -2;
                break;
              }
            kind = k;
          }
      if (kind == -1)
        xq_kind_problem (ctx, XQ_LESSON_ERROR_MISSING_FIELD, ip,
                         _("a mark has exactly one of “point”, “circle”, “arrow”, “cross” or “star”"));
      if (kind < 0)
        continue;
      role_name = xq_kind_get_string (ctx, m, ip, "role", FALSE);
      if (role_name != NULL && (role = xq_lesson_mark_role_from_name (role_name)) < 0)
        {
          g_autofree char *rp = xq_kind_path (ip, "role");
          xq_kind_problem (ctx, XQ_LESSON_ERROR_VALUE, rp, _("unknown mark role “%s”"), role_name);
          continue;
        }
      color_name = xq_kind_get_string (ctx, m, ip, "color", FALSE);
      if (color_name != NULL && (color = xq_lesson_mark_color_from_name (color_name)) < 0)
        {
          g_autofree char *cp = xq_kind_path (ip, "color");
          xq_kind_problem (ctx, XQ_LESSON_ERROR_VALUE, cp,
                           _("unknown mark colour “%s” (purple, red, green or blue)"), color_name);
          continue;
        }
      if (kind_values[kind] == XQ_LESSON_MARK_ARROW)
        {
          const char *s = xq_kind_get_string (ctx, m, ip, "arrow", TRUE);
          g_autofree char *ap = xq_kind_path (ip, "arrow");
          XqMove mv = s ? xq_kind_parse_move (ctx, s, ap) : XQ_MOVE_NONE;

          if (mv != XQ_MOVE_NONE && xq_move_from (mv) == xq_move_to (mv))
            xq_kind_problem (ctx, XQ_LESSON_ERROR_BAD_MOVE, ap,
                             _("an arrow goes from one point to another, not from “%.2s” to itself"), s);
          else if (mv != XQ_MOVE_NONE)
            xq_lesson_marks_add_full (marks, XQ_LESSON_MARK_ARROW, role, color, xq_move_from (mv),
                                      xq_move_to (mv));
        }
      else
        {
          XqSquare sq = xq_kind_get_square (ctx, m, ip, kinds[kind], TRUE);
          if (sq != XQ_NO_SQUARE)
            xq_lesson_marks_add_full (marks, kind_values[kind], role, color, sq, XQ_NO_SQUARE);
        }
    }
}

gboolean
xq_lesson_marks_from_json (JsonNode *node, const char *object_path, XqLessonMarks *marks,
                           GPtrArray *problems)
{
  g_autoptr(JsonObject) holder = json_object_new ();
  Ctx ctx = { .file = "", .problems = problems };

  g_return_val_if_fail (node != NULL && object_path != NULL && marks != NULL && problems != NULL, FALSE);
  ctx.n_start = problems->len;
  json_object_set_member (holder, "marks", json_node_copy (node));
  get_marks (&ctx, holder, object_path, marks);
  return !xq_kind_had_problems (&ctx);
}

/* ---- Pages ----------------------------------------------------------------- */

static void
page_free (XqLessonPage *page)
{
  if (page == NULL)
    return;
  g_free (page->text);
  g_free (page->fen);
  g_clear_pointer (&page->replay, xq_game_free);
  g_free (page);
}

static const char *const page_keys[] = { "text", "fen", "marks", "replay", NULL };

static GPtrArray *
get_pages (Ctx *ctx, JsonObject *obj, const char *path, const char *key, gboolean required)
{
  g_autofree char *p = xq_kind_path (path, key);
  JsonArray *array = xq_kind_get_array (ctx, obj, path, key, required, XQ_LESSON_MAX_LIST);
  GPtrArray *pages = g_ptr_array_new_with_free_func ((GDestroyNotify) page_free);

  if (array == NULL)
    return pages;
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *ip = xq_kind_index_path (p, i);
      JsonObject *o = xq_kind_element_object (ctx, array, i, ip);
      XqLessonPage *page;

      if (o == NULL)
        continue;
      xq_kind_check_keys (ctx, o, ip, page_keys);
      page = g_new0 (XqLessonPage, 1);
      page->text = xq_kind_translate (xq_kind_get_text (ctx, o, ip, "text", TRUE, XQ_LESSON_MAX_TEXT));
      page->fen = xq_kind_get_fen (ctx, o, ip, "fen", FALSE, NULL, TRUE, &page->position);
      get_marks (ctx, o, ip, &page->marks);
      /* A bad FEN is reported already: no replay from it. */
      if (json_object_has_member (o, "replay") && (page->fen != NULL || !json_object_has_member (o, "fen")))
        {
          XqPosition start;

          /* A page without a board starts from the opening position, as
           * the player shows it. */
          if (page->fen != NULL)
            start = page->position;
          else
            xq_position_set_fen (&start, XQ_START_FEN, NULL);
          page->replay = xq_replay_read (ctx, o, ip, "replay", FALSE, &start);
        }
      g_ptr_array_add (pages, page);
    }
  return pages;
}

/* ---- Exercises ------------------------------------------------------------- */

/* The keys every exercise may use; its kind adds its own (XqKind.fields). */
static const char *const common_keys[] = { "id", "kind", "prompt", "fen", "pieces", "hints", "marks" };

XqExercise *
xq_exercise_ref (XqExercise *ex)
{
  g_return_val_if_fail (ex != NULL, NULL);
  g_atomic_ref_count_inc (&ex->ref_count);
  return ex;
}

void
xq_exercise_unref (XqExercise *ex)
{
  if (ex == NULL || !g_atomic_ref_count_dec (&ex->ref_count))
    return;
  if (ex->data != NULL && ex->kind != NULL && ex->kind->free_data != NULL)
    ex->kind->free_data (ex->data);
  g_free (ex->id);
  g_free (ex->prompt);
  g_free (ex->fen);
  g_clear_pointer (&ex->hints, g_ptr_array_unref);
  g_clear_pointer (&ex->fields, g_hash_table_unref);
  g_free (ex);
}

/* A kind field as text, for xq_exercise_get_field (): what the editor and
 * the tests read back without knowing the kind's private data. */
static char *
field_text (JsonNode *node, const XqKindField *f)
{
  GString *s;
  JsonArray *array;

  if (node == NULL)
    return f->values != NULL && !f->required ? g_strdup (f->values[0].value) : NULL;
  if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_INT64)
    return g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (node));
  if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
    return g_strdup (json_node_get_string (node));
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return NULL;
  array = json_node_get_array (node);
  s = g_string_new (NULL);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *e = json_array_get_element (array, i);
      const char *word = NULL;

      if (JSON_NODE_HOLDS_OBJECT (e) && json_object_has_member (json_node_get_object (e), "id"))
        word = json_object_get_string_member (json_node_get_object (e), "id");
      else if (JSON_NODE_HOLDS_VALUE (e) && json_node_get_value_type (e) == G_TYPE_STRING)
        word = json_node_get_string (e);
      if (word != NULL)
        g_string_append_printf (s, "%s%s", s->len ? " " : "", word);
    }
  return g_string_free (s, FALSE);
}

static void
keep_fields (XqExercise *ex, JsonObject *o)
{
  ex->fields = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  for (guint i = 0; i < ex->kind->n_fields; i++)
    {
      const XqKindField *f = &ex->kind->fields[i];
      g_autofree char *decider = NULL;
      char *t;

      if (f->rule_key != NULL)
        {
          const XqKindField *r = xq_kind_find_field (ex->kind, f->rule_key);
          decider = r ? field_text (json_object_get_member (o, r->key), r) : NULL;
        }
      if (!xq_kind_field_applies (f, decider))
        continue;
      t = field_text (json_object_get_member (o, f->key), f);
      if (t != NULL)
        g_hash_table_insert (ex->fields, (gpointer) f->key, t);
    }
}

const char *
xq_exercise_get_field (const XqExercise *ex, const char *key)
{
  g_return_val_if_fail (ex != NULL && key != NULL, NULL);
  return ex->fields ? g_hash_table_lookup (ex->fields, key) : NULL;
}

/* Proves a mate in at most n, within the solver's budget; TRUE if it
 * holds.  *sol gets the shortest mate and its keys.  With deferred, a
 * mate the file's budget has no room for left is not refused: *deferred
 * is set (and FALSE returned, without a problem) so that the caller keeps
 * it to prove later (a pack's puzzle, xq_puzzle_prove). */
static gboolean
prove_mate (Ctx *ctx, XqPosition *pos, int n, const char *path, XqSolution *sol, gboolean *deferred)
{
  XqSolveResult r;

  if (!xq_position_has_legal_move (pos))
    {
      xq_kind_problem (ctx, XQ_LESSON_ERROR_UNSOLVABLE, path, _("the game is already over in this position"));
      return FALSE;
    }
  memset (sol, 0, sizeof *sol);
  /* A proof already made (shipped in the record, or made here before and
   * cached) is not made again; its verdict holds for any file, and costs
   * the file's budget nothing. */
  if (!(ctx->flags & XQ_LESSON_LOAD_REPROVE) && xq_proofs_known (pos, n, sol))
    {
      if (sol->mate > 0)
        return TRUE;
      /* Proved before: no mate within n (xq_puzzle_prove kept it). */
      xq_kind_problem (ctx, XQ_LESSON_ERROR_UNSOLVABLE, path, _("the side to move has no mate in %d"), n);
      return FALSE;
    }
  /* Each proof has its budget; the file has one too, or two hundred
   * expensive mates would each take their full share.  Not when the
   * shipped record is written or checked (XQ_LESSON_LOAD_REPROVE, `xqtool
   * proofs`, offline): the record is what spares every later load that
   * work, so a pack of deep game mates may need more than a load could
   * spend (docs/lesson-format.md).  A pack's puzzles beyond the budget are
   * left to prove when they are opened. */
  if (!(ctx->flags & XQ_LESSON_LOAD_REPROVE) && ctx->proof_work >= XQ_LESSON_FILE_PROOF_BUDGET)
    {
      if (deferred != NULL)
        {
          *deferred = TRUE;
          return FALSE;
        }
      xq_kind_problem (ctx, XQ_LESSON_ERROR_TOO_DEEP, path,
                       _("too many hard mates in one file to prove them all here (the file's budget ran out)"));
      return FALSE;
    }
  if (ctx->flags & XQ_LESSON_LOAD_REPROVE)
    r = xq_lesson_mate_solve_untimed (pos, n, sol);
  else if (ctx->solver != NULL)
    r = xq_lesson_solver_mate_solve (ctx->solver, pos, n, sol);
  else
    r = xq_lesson_mate_solve (pos, n, sol);
  ctx->proof_work += sol->work;
  if (r == XQ_SOLVE_MATE && ctx->made != NULL)
    xq_proofs_add (ctx->made, pos, n, sol);
  switch (r)
    {
    case XQ_SOLVE_MATE:
      return TRUE;
    case XQ_SOLVE_NONE:
      /* A proof too: kept, so that a false puzzle is not proved again. */
      if (ctx->made != NULL)
        xq_proofs_add_none (ctx->made, pos, n);
      xq_kind_problem (ctx, XQ_LESSON_ERROR_UNSOLVABLE, path, _("the side to move has no mate in %d"), n);
      return FALSE;
    case XQ_SOLVE_ABORTED:
    default:
      xq_kind_problem (ctx, XQ_LESSON_ERROR_TOO_DEEP, path,
                       _("the mate in %d is too deep to prove here (the solver's budget ran out)"), n);
      return FALSE;
    }
}

/* Proofs cost up to the solver's budget each, so none is tried while the
 * file has any other problem, nor in a first pass (XQ_LESSON_LOAD_NO_PROOFS). */
static gboolean
may_prove (Ctx *ctx)
{
  return !xq_kind_had_problems (ctx) && !(ctx->flags & XQ_LESSON_LOAD_NO_PROOFS);
}

static XqExercise *
load_exercise (Ctx *ctx, JsonObject *o, const char *path)
{
  XqExercise *ex = g_new0 (XqExercise, 1);
  g_autoptr(GPtrArray) allowed = g_ptr_array_new ();
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  Ctx sub = { ctx->file, ctx->problems, ctx->problems->len, ctx->flags, 0, ctx->made };
  const XqKind *const *kinds;
  guint n_kinds;
  int kind;

  g_atomic_ref_count_init (&ex->ref_count);
  ex->id = xq_kind_get_id (&sub, o, path);
  kinds = xq_kinds (&n_kinds);
  for (guint i = 0; i < n_kinds; i++)
    g_ptr_array_add (names, (gpointer) kinds[i]->name);
  g_ptr_array_add (names, NULL);
  kind = xq_kind_get_enum_in (&sub, o, path, "kind", TRUE, (const char *const *) names->pdata, -1);
  if (kind < 0)
    {
      xq_exercise_unref (ex);
      return NULL;
    }
  ex->kind = kinds[kind];
  for (size_t i = 0; i < G_N_ELEMENTS (common_keys); i++)
    g_ptr_array_add (allowed, (gpointer) common_keys[i]);
  for (guint i = 0; i < ex->kind->n_fields; i++)
    g_ptr_array_add (allowed, (gpointer) ex->kind->fields[i].key);
  g_ptr_array_add (allowed, NULL);
  xq_kind_check_keys (&sub, o, path, (const char *const *) allowed->pdata);

  ex->prompt = xq_kind_translate (xq_kind_get_text (&sub, o, path, "prompt", TRUE, XQ_LESSON_MAX_PROMPT));
  ex->hints = xq_kind_get_texts (&sub, o, path, "hints");
  get_marks (&sub, o, path, &ex->marks);
  ex->pieces = MAX (0, xq_kind_get_enum (&sub, o, path, xq_kind_common_field ("pieces"), XQ_EXERCISE_PIECES_LEARNER));
  ex->fen = xq_kind_get_fen (&sub, o, path, "fen", FALSE, ex->kind->fen_default ? ex->kind->fen_default : XQ_START_FEN,
                             ex->kind->fen_checked, &ex->position);

  /* The kind's rule computations need a sound position and well-formed
   * common fields. */
  if (!xq_kind_had_problems (&sub))
    ex->data = ex->kind->read (&sub, o, path, ex);
  if (xq_kind_had_problems (&sub) || ex->data == NULL)
    {
      xq_exercise_unref (ex);
      return NULL;
    }
  keep_fields (ex, o);
  return ex;
}

/* ---- Units and packs ------------------------------------------------------- */

void
xq_unit_free (XqUnit *unit)
{
  if (unit == NULL)
    return;
  g_free (unit->file);
  g_free (unit->id);
  g_free (unit->title);
  g_clear_pointer (&unit->pages, g_ptr_array_unref);
  g_clear_pointer (&unit->exercises, g_ptr_array_unref);
  g_clear_pointer (&unit->closing, g_ptr_array_unref);
  g_free (unit);
}

static void
puzzle_free (XqPuzzle *puzzle)
{
  if (puzzle == NULL)
    return;
  g_free (puzzle->id);
  g_free (puzzle->title);
  g_free (puzzle->fen);
  g_free (puzzle->pattern);
  g_clear_pointer (&puzzle->hints, g_ptr_array_unref);
  g_clear_pointer (&puzzle->keys, g_array_unref);
  g_clear_pointer (&puzzle->listed, g_array_unref);
  g_free (puzzle);
}

void
xq_puzzle_pack_free (XqPuzzlePack *pack)
{
  if (pack == NULL)
    return;
  g_free (pack->file);
  g_free (pack->id);
  g_free (pack->title);
  g_clear_pointer (&pack->intro, g_ptr_array_unref);
  g_clear_pointer (&pack->puzzles, g_ptr_array_unref);
  g_free (pack);
}

void
xq_lesson_file_free (XqLessonFile *file)
{
  if (file == NULL)
    return;
  g_clear_pointer (&file->unit, xq_unit_free);
  g_clear_pointer (&file->pack, xq_puzzle_pack_free);
  g_free (file);
}

static gboolean
check_unique (Ctx *ctx, GHashTable *seen, const char *id, const char *path)
{
  g_autofree char *p = xq_kind_path (path, "id");

  if (id == NULL)
    return TRUE;
  if (g_hash_table_contains (seen, id))
    {
      xq_kind_problem (ctx, XQ_LESSON_ERROR_DUPLICATE_ID, p, _("duplicate id “%s”"), id);
      return FALSE;
    }
  g_hash_table_add (seen, (gpointer) id);
  return TRUE;
}

static const char *const unit_keys[] = {
  "format", "type", "id", "number", "title", "pages", "exercises", "closing", NULL
};

static XqUnit *
load_unit (Ctx *ctx, JsonObject *root)
{
  g_autoptr(XqUnit) unit = g_new0 (XqUnit, 1);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  JsonArray *array;

  xq_kind_check_keys (ctx, root, "$", unit_keys);
  unit->file = g_strdup (ctx->file);
  unit->id = xq_kind_get_id (ctx, root, "$");
  xq_kind_get_int (ctx, root, "$", "number", TRUE, 1, 99, &unit->number);
  unit->title = xq_kind_translate (xq_kind_get_text (ctx, root, "$", "title", TRUE, XQ_LESSON_MAX_TITLE));
  unit->pages = get_pages (ctx, root, "$", "pages", TRUE);
  unit->closing = get_pages (ctx, root, "$", "closing", FALSE);
  unit->exercises = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_exercise_unref);
  array = xq_kind_get_array (ctx, root, "$", "exercises", TRUE, XQ_LESSON_MAX_ITEMS);
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      g_autofree char *ip = xq_kind_index_path ("$.exercises", i);
      JsonObject *o = xq_kind_element_object (ctx, array, i, ip);
      XqExercise *ex = o ? load_exercise (ctx, o, ip) : NULL;
      if (ex == NULL)
        continue;
      g_ptr_array_add (unit->exercises, ex);
      check_unique (ctx, seen, ex->id, ip);
    }
  /* Every exercise loaded (else there was a problem), so i is its index. */
  for (guint i = 0; may_prove (ctx) && i < unit->exercises->len; i++)
    {
      XqExercise *ex = g_ptr_array_index (unit->exercises, i);
      g_autofree char *ip = xq_kind_index_path ("$.exercises", i);
      XqSolution sol;

      int n = ex->kind->mate_in ? ex->kind->mate_in (ex) : 0;

      if (n > 0)
        prove_mate (ctx, &ex->position, n, ip, &sol, NULL);
    }
  return xq_kind_had_problems (ctx) ? NULL : g_steal_pointer (&unit);
}

static const char *const pack_keys[] = {
  "format", "type", "id", "title", "min-rating", "intro", "puzzles", NULL
};
static const char *const puzzle_keys[] = {
  "id", "title", "fen", "mate-in", "pattern", "difficulty", "hints", "keys", NULL
};

/* A puzzle's N is exact (no faster win) and its key is unique, unless the
 * author lists every key in "keys".  TRUE if it holds, with *sol its
 * verdict; with deferred, a puzzle the file's budget has no room for is
 * left for later (prove_mate). */
static gboolean
check_puzzle_keys (Ctx *ctx, const XqPuzzle *pz, GArray *listed, const char *path, XqSolution *sol,
                   gboolean *deferred)
{
  g_autofree char *kp = xq_kind_path (path, "keys");
  XqPosition pos = pz->position;
  guint n_before = ctx->problems->len;

  if (!prove_mate (ctx, &pos, pz->mate_in, path, sol, deferred))
    return FALSE;
  if (sol->mate < pz->mate_in)
    {
      xq_kind_problem (ctx, XQ_LESSON_ERROR_WRONG_ANSWER, path,
                       _("there is a faster win: mate in %d, not %d"), sol->mate, pz->mate_in);
      return FALSE;
    }
  if (listed == NULL || listed->len == 0)
    {
      if (sol->n_keys > 1)
        xq_kind_problem (ctx, XQ_LESSON_ERROR_WRONG_ANSWER, path,
                         _("the mate has %d key moves: list them all in “keys”"), sol->n_keys);
      return ctx->problems->len == n_before;
    }
  for (guint i = 0; i < listed->len; i++)
    {
      XqMove m = g_array_index (listed, XqMove, i);
      gboolean found = FALSE;
      char text[5];

      for (int k = 0; k < sol->n_keys; k++)
        found |= sol->keys[k] == m;
      xq_move_to_iccs (m, text);
      if (!found)
        xq_kind_problem (ctx, XQ_LESSON_ERROR_WRONG_ANSWER, kp,
                         _("%s is not a key move of the mate in %d"), text, pz->mate_in);
    }
  for (int k = 0; k < sol->n_keys; k++)
    {
      gboolean found = FALSE;
      char text[5];

      for (guint i = 0; i < listed->len; i++)
        found |= g_array_index (listed, XqMove, i) == sol->keys[k];
      xq_move_to_iccs (sol->keys[k], text);
      if (!found)
        xq_kind_problem (ctx, XQ_LESSON_ERROR_WRONG_ANSWER, kp,
                         _("the key move %s is missing from “keys”"), text);
    }
  return ctx->problems->len == n_before;
}

guint
xq_puzzle_pack_n_unproved (const XqPuzzlePack *pack)
{
  guint n = 0;

  g_return_val_if_fail (pack != NULL, 0);
  for (guint i = 0; i < pack->puzzles->len; i++)
    n += ((const XqPuzzle *) g_ptr_array_index (pack->puzzles, i))->unproved;
  return n;
}

/* Proves one puzzle as the loader would, on its own (never deferred: the
 * file's whole budget before it); problems get what is wrong, at path. */
static gboolean
prove_puzzle (const XqPuzzle *puzzle, XqSolver *solver, const char *file, const char *path,
              XqSolution *sol, GPtrArray *problems)
{
  g_autoptr(XqProofs) made = xq_proofs_new ();
  Ctx ctx = { file, problems, problems->len, XQ_LESSON_LOAD_DEFAULT, 0, made, solver };

  gboolean holds = check_puzzle_keys (&ctx, puzzle, puzzle->listed, path, sol, NULL);

  /* Either verdict is kept: a mate, or the proof that there is none. */
  xq_proofs_remember_all (made);
  return holds;
}

char *
xq_puzzle_prove (const XqPuzzle *puzzle, XqSolver *solver, XqSolution *sol)
{
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);

  g_return_val_if_fail (puzzle != NULL && sol != NULL, NULL);
  if (prove_puzzle (puzzle, solver, "", "$", sol, problems))
    return NULL;
  return g_strdup (((const XqLessonProblem *) g_ptr_array_index (problems, 0))->message);
}

guint
xq_puzzle_pack_prove_unproved (XqPuzzlePack *pack, GPtrArray *problems)
{
  guint n = 0;

  g_return_val_if_fail (pack != NULL && problems != NULL, 0);
  for (guint i = 0; i < pack->puzzles->len; i++)
    {
      XqPuzzle *pz = g_ptr_array_index (pack->puzzles, i);
      g_autofree char *path = NULL;
      XqSolution sol;

      if (!pz->unproved)
        continue;
      path = xq_kind_index_path ("$.puzzles", i);
      if (prove_puzzle (pz, NULL, pack->file, path, &sol, problems))
        {
          xq_puzzle_take_proof (pz, &sol);
          n++;
        }
    }
  return n;
}

void
xq_puzzle_take_proof (XqPuzzle *puzzle, const XqSolution *sol)
{
  g_return_if_fail (puzzle != NULL && sol != NULL);
  g_array_set_size (puzzle->keys, 0);
  g_array_append_vals (puzzle->keys, sol->keys, (guint) sol->n_keys);
  puzzle->unproved = FALSE;
  g_clear_pointer (&puzzle->listed, g_array_unref);
}

/* A puzzle, with the keys its author listed in *listed; proved later. */
static XqPuzzle *
load_puzzle (Ctx *ctx, JsonObject *o, const char *path, GArray **listed_out)
{
  g_autoptr(GArray) listed = NULL;
  XqPuzzle *pz = g_new0 (XqPuzzle, 1);
  Ctx sub = { ctx->file, ctx->problems, ctx->problems->len, ctx->flags, 0, ctx->made };

  xq_kind_check_keys (&sub, o, path, puzzle_keys);
  pz->id = xq_kind_get_id (&sub, o, path);
  pz->title = xq_kind_translate (xq_kind_get_text (&sub, o, path, "title", TRUE, XQ_LESSON_MAX_TITLE));
  pz->pattern = xq_kind_translate (xq_kind_get_text (&sub, o, path, "pattern", FALSE, XQ_LESSON_MAX_LABEL));
  pz->hints = xq_kind_get_texts (&sub, o, path, "hints");
  pz->difficulty = 1;
  xq_kind_get_int (&sub, o, path, "difficulty", FALSE, 1, 5, &pz->difficulty);
  xq_kind_get_int (&sub, o, path, "mate-in", TRUE, 1, XQ_SOLVER_MAX_MATE, &pz->mate_in);
  pz->fen = xq_kind_get_fen (&sub, o, path, "fen", TRUE, NULL, TRUE, &pz->position);
  if (pz->fen != NULL)
    pz->defender_threatens = xq_position_threatens_mate (&pz->position);
  pz->keys = g_array_new (FALSE, FALSE, sizeof (XqMove));
  listed = xq_kind_get_moves (&sub, o, path, "keys", FALSE);
  if (xq_kind_had_problems (&sub))
    {
      puzzle_free (pz);
      return NULL;
    }
  *listed_out = g_steal_pointer (&listed);
  return pz;
}

static XqPuzzlePack *
load_pack (Ctx *ctx, JsonObject *root)
{
  g_autoptr(XqPuzzlePack) pack = g_new0 (XqPuzzlePack, 1);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) listed = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  JsonArray *array;

  xq_kind_check_keys (ctx, root, "$", pack_keys);
  pack->file = g_strdup (ctx->file);
  pack->id = xq_kind_get_id (ctx, root, "$");
  pack->title = xq_kind_translate (xq_kind_get_text (ctx, root, "$", "title", TRUE, XQ_LESSON_MAX_TITLE));
  xq_kind_get_int (ctx, root, "$", "min-rating", FALSE, 0, XQ_RATING_MAX, &pack->min_rating);
  pack->intro = get_pages (ctx, root, "$", "intro", FALSE);
  pack->puzzles = g_ptr_array_new_with_free_func ((GDestroyNotify) puzzle_free);
  array = xq_kind_get_array (ctx, root, "$", "puzzles", TRUE, XQ_LESSON_MAX_ITEMS);
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      g_autofree char *ip = xq_kind_index_path ("$.puzzles", i);
      JsonObject *o = xq_kind_element_object (ctx, array, i, ip);
      GArray *keys = NULL;
      XqPuzzle *pz = o ? load_puzzle (ctx, o, ip, &keys) : NULL;
      if (pz == NULL)
        continue;
      g_ptr_array_add (pack->puzzles, pz);
      g_ptr_array_add (listed, keys);
      check_unique (ctx, seen, pz->id, ip);
    }
  /* Every puzzle loaded (else there was a problem), so i is its index. */
  for (guint i = 0; may_prove (ctx) && i < pack->puzzles->len; i++)
    {
      g_autofree char *ip = xq_kind_index_path ("$.puzzles", i);

      XqPuzzle *pz = g_ptr_array_index (pack->puzzles, i);
      gboolean deferred = FALSE;
      XqSolution sol;

      if (check_puzzle_keys (ctx, pz, g_ptr_array_index (listed, i), ip, &sol, &deferred))
        g_array_append_vals (pz->keys, sol.keys, (guint) sol.n_keys);
      else if (deferred)
        {
          /* Accepted as not proved yet: proved when it is opened (or by
           * `xqtool validate`), with the author's keys checked then. */
          pz->unproved = TRUE;
          pz->listed = g_array_ref (g_ptr_array_index (listed, i));
        }
    }
  return xq_kind_had_problems (ctx) ? NULL : g_steal_pointer (&pack);
}

static XqLessonFile *
load_data (const char *data, gssize length, const char *file_name,
           XqLessonLoadFlags flags, XqProofs *collect, GPtrArray *problems)
{
  static const char *const type_names[] = { "unit", "pack", NULL };
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *where = NULL;
  g_autoptr(XqProofs) made = collect ? NULL : xq_proofs_new ();
  Ctx ctx = { file_name, problems, 0, flags, 0, collect ? collect : made };
  JsonNode *root;
  JsonObject *obj;
  XqLessonFile *file;
  int format = 0, type;

  g_return_val_if_fail (data != NULL, NULL);
  g_return_val_if_fail (file_name != NULL, NULL);
  g_return_val_if_fail (problems != NULL, NULL);
  ctx.n_start = problems->len;

  parser = xq_json_parse_bounded (data, length < 0 ? strlen (data) : (gsize) length,
                                  XQ_LESSON_MAX_BYTES, &where, &error);
  if (parser == NULL)
    {
      xq_kind_problem (&ctx, error->code, where, "%s", error->message);
      return NULL;
    }
  root = json_parser_get_root (parser);
  if (!JSON_NODE_HOLDS_OBJECT (root))
    {
      xq_kind_problem (&ctx, XQ_LESSON_ERROR_TYPE, "$", _("the document must be a JSON object"));
      return NULL;
    }
  obj = json_node_get_object (root);
  if (!xq_kind_get_int (&ctx, obj, "$", "format", TRUE, 1, G_MAXINT, &format))
    return NULL;
  if (format != 1)
    {
      xq_kind_problem (&ctx, XQ_LESSON_ERROR_VALUE, "$.format",
                       _("format %d is newer than this program understands (1)"), format);
      return NULL;
    }
  type = xq_kind_get_enum_in (&ctx, obj, "$", "type", TRUE, type_names, -1);
  if (type < 0)
    return NULL;

  file = g_new0 (XqLessonFile, 1);
  file->type = type;
  if (type == XQ_LESSON_FILE_UNIT)
    file->unit = load_unit (&ctx, obj);
  else
    file->pack = load_pack (&ctx, obj);
  if (file->unit == NULL && file->pack == NULL)
    {
      xq_lesson_file_free (file);
      return NULL;
    }
  /* Kept only once the whole file is sound, so a file that fails (its
   * budget spent, say) fails the same way the next time. */
  if (!(flags & XQ_LESSON_LOAD_REPROVE))
    xq_proofs_remember_all (made);
  return file;
}

XqLessonFile *
xq_lesson_load_data_full (const char *data, gssize length, const char *file_name,
                          XqLessonLoadFlags flags, GPtrArray *problems)
{
  return load_data (data, length, file_name, flags, NULL, problems);
}

XqLessonFile *
xq_lesson_load_file_reproving (const char *path, XqProofs *into, GPtrArray *problems)
{
  g_autofree char *data = NULL;
  g_autoptr(GError) error = NULL;
  gsize length;

  g_return_val_if_fail (path != NULL && into != NULL && problems != NULL, NULL);
  if (!xq_json_read_bounded (path, XQ_LESSON_MAX_BYTES, &data, &length, &error))
    {
      Ctx ctx = { path, problems, problems->len, XQ_LESSON_LOAD_DEFAULT, 0, NULL };
      xq_kind_problem (&ctx, error->domain == XQ_LESSON_ERROR ? error->code : XQ_LESSON_ERROR_IO, "$",
                       "%s", error->message);
      return NULL;
    }
  return load_data (data, (gssize) length, path, XQ_LESSON_LOAD_REPROVE, into, problems);
}

XqLessonFile *
xq_lesson_load_data (const char *data, gssize length, const char *file_name, GPtrArray *problems)
{
  return xq_lesson_load_data_full (data, length, file_name, XQ_LESSON_LOAD_DEFAULT, problems);
}

XqLessonFile *
xq_lesson_load_file (const char *path, GPtrArray *problems)
{
  g_autofree char *data = NULL;
  g_autoptr(GError) error = NULL;
  gsize length;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (problems != NULL, NULL);

  if (!xq_json_read_bounded (path, XQ_LESSON_MAX_BYTES, &data, &length, &error))
    {
      Ctx ctx = { path, problems, problems->len, XQ_LESSON_LOAD_DEFAULT };
      xq_kind_problem (&ctx, error->domain == XQ_LESSON_ERROR ? error->code : XQ_LESSON_ERROR_IO, "$",
                       "%s", error->message);
      return NULL;
    }
  return xq_lesson_load_data (data, (gssize) length, path, problems);
}

XqLessonFile *
xq_lesson_load_file_simple (const char *path, GError **error)
{
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
  XqLessonFile *file = xq_lesson_load_file (path, problems);

  if (file == NULL)
    {
      XqLessonProblem *p = g_ptr_array_index (problems, 0);
      g_autofree char *line = xq_lesson_problem_format (p);
      g_set_error_literal (error, XQ_LESSON_ERROR, p->code, line);
    }
  return file;
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

GPtrArray *
xq_lesson_load_dir (const char *dir, GPtrArray *problems)
{
  GPtrArray *files = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_file_free);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GDir) d = NULL;
  g_autoptr(GError) error = NULL;
  const char *name;

  g_return_val_if_fail (dir != NULL, files);
  d = g_dir_open (dir, 0, &error);
  if (d == NULL)
    {
      Ctx ctx = { dir, problems, problems->len, XQ_LESSON_LOAD_DEFAULT };
      xq_kind_problem (&ctx, XQ_LESSON_ERROR_IO, "$", "%s", error->message);
      return files;
    }
  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_suffix (name, ".json"))
      g_ptr_array_add (names, g_build_filename (dir, name, NULL));
  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i < names->len; i++)
    {
      XqLessonFile *file = xq_lesson_load_file (g_ptr_array_index (names, i), problems);
      if (file != NULL)
        g_ptr_array_add (files, file);
    }
  return files;
}

