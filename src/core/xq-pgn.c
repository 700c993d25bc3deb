/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-pgn"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdio.h>
#include <string.h>

#include "xq-pgn.h"

G_DEFINE_QUARK (xq-pgn-error-quark, xq_pgn_error)

struct _XqPgnRecord {
  GPtrArray  *tag_names;     /* char*, file order */
  GPtrArray  *tag_values;    /* char*, parallel to tag_names */
  XqPosition  start;
  XqPosition  end;           /* after the last move, where the next one is checked */
  GArray     *moves;         /* XqMove */
  GPtrArray  *before;        /* char* or NULL, one per move */
  GPtrArray  *after;         /* char* or NULL, one per move */
  char       *game_comment;
  XqPgnResult result;
  GArray     *variation_ply; /* guint, parallel to variations */
  GPtrArray  *variations;    /* XqPgnRecord* */
  GPtrArray  *warnings;      /* char* */
};

/* ---- The record ----------------------------------------------------------- */

XqPgnRecord *
xq_pgn_record_new (void)
{
  XqPgnRecord *rec = g_new0 (XqPgnRecord, 1);

  rec->tag_names = g_ptr_array_new_with_free_func (g_free);
  rec->tag_values = g_ptr_array_new_with_free_func (g_free);
  xq_position_init_start (&rec->start);
  rec->end = rec->start;
  rec->moves = g_array_new (FALSE, FALSE, sizeof (XqMove));
  rec->before = g_ptr_array_new_with_free_func (g_free);
  rec->after = g_ptr_array_new_with_free_func (g_free);
  rec->result = XQ_PGN_RESULT_UNKNOWN;
  rec->variation_ply = g_array_new (FALSE, FALSE, sizeof (guint));
  rec->variations = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_pgn_record_free);
  rec->warnings = g_ptr_array_new_with_free_func (g_free);
  return rec;
}

void
xq_pgn_record_free (XqPgnRecord *rec)
{
  if (rec == NULL)
    return;
  g_ptr_array_unref (rec->tag_names);
  g_ptr_array_unref (rec->tag_values);
  g_array_unref (rec->moves);
  g_ptr_array_unref (rec->before);
  g_ptr_array_unref (rec->after);
  g_free (rec->game_comment);
  g_array_unref (rec->variation_ply);
  g_ptr_array_unref (rec->variations);
  g_ptr_array_unref (rec->warnings);
  g_free (rec);
}

static void
copy_strings (GPtrArray *to, GPtrArray *from)
{
  for (guint i = 0; i < from->len; i++)
    g_ptr_array_add (to, g_strdup (g_ptr_array_index (from, i)));
}

XqPgnRecord *
xq_pgn_record_copy (const XqPgnRecord *rec)
{
  XqPgnRecord *copy;

  g_return_val_if_fail (rec != NULL, NULL);

  copy = xq_pgn_record_new ();
  copy_strings (copy->tag_names, rec->tag_names);
  copy_strings (copy->tag_values, rec->tag_values);
  copy->start = rec->start;
  copy->end = rec->end;
  g_array_append_vals (copy->moves, rec->moves->data, rec->moves->len);
  copy_strings (copy->before, rec->before);
  copy_strings (copy->after, rec->after);
  copy->game_comment = g_strdup (rec->game_comment);
  copy->result = rec->result;
  g_array_append_vals (copy->variation_ply, rec->variation_ply->data, rec->variation_ply->len);
  for (guint i = 0; i < rec->variations->len; i++)
    g_ptr_array_add (copy->variations, xq_pgn_record_copy (g_ptr_array_index (rec->variations, i)));
  copy_strings (copy->warnings, rec->warnings);
  return copy;
}

static gboolean
strings_equal (GPtrArray *a, GPtrArray *b)
{
  if (a->len != b->len)
    return FALSE;
  for (guint i = 0; i < a->len; i++)
    if (g_strcmp0 (g_ptr_array_index (a, i), g_ptr_array_index (b, i)) != 0)
      return FALSE;
  return TRUE;
}

gboolean
xq_pgn_record_equal (const XqPgnRecord *a, const XqPgnRecord *b)
{
  g_autofree char *fen_a = NULL, *fen_b = NULL;

  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  if (a->variations->len != b->variations->len)
    return FALSE;
  for (guint i = 0; i < a->variations->len; i++)
    if (g_array_index (a->variation_ply, guint, i) != g_array_index (b->variation_ply, guint, i)
        || !xq_pgn_record_equal (g_ptr_array_index (a->variations, i),
                                 g_ptr_array_index (b->variations, i)))
      return FALSE;

  fen_a = xq_position_to_fen (&a->start);
  fen_b = xq_position_to_fen (&b->start);
  return strings_equal (a->tag_names, b->tag_names)
         && strings_equal (a->tag_values, b->tag_values)
         && strcmp (fen_a, fen_b) == 0
         && a->moves->len == b->moves->len
         /* An empty GArray may have no data at all, and memcmp wants real
          * pointers even for a length of 0. */
         && (a->moves->len == 0
             || memcmp (a->moves->data, b->moves->data, a->moves->len * sizeof (XqMove)) == 0)
         && strings_equal (a->before, b->before)
         && strings_equal (a->after, b->after)
         && g_strcmp0 (a->game_comment, b->game_comment) == 0
         && a->result == b->result;
}

/* ---- Tags ------------------------------------------------------------------ */

guint
xq_pgn_record_get_n_tags (const XqPgnRecord *rec)
{
  g_return_val_if_fail (rec != NULL, 0);
  return rec->tag_names->len;
}

const char *
xq_pgn_record_get_tag_name (const XqPgnRecord *rec, guint i)
{
  g_return_val_if_fail (rec != NULL && i < rec->tag_names->len, NULL);
  return g_ptr_array_index (rec->tag_names, i);
}

const char *
xq_pgn_record_get_tag_value (const XqPgnRecord *rec, guint i)
{
  g_return_val_if_fail (rec != NULL && i < rec->tag_values->len, NULL);
  return g_ptr_array_index (rec->tag_values, i);
}

static int
find_tag (const XqPgnRecord *rec, const char *name)
{
  for (guint i = 0; i < rec->tag_names->len; i++)
    if (strcmp (g_ptr_array_index (rec->tag_names, i), name) == 0)
      return (int) i;
  return -1;
}

const char *
xq_pgn_record_get_tag (const XqPgnRecord *rec, const char *name)
{
  int i;

  g_return_val_if_fail (rec != NULL && name != NULL, NULL);
  i = find_tag (rec, name);
  return i < 0 ? NULL : g_ptr_array_index (rec->tag_values, i);
}

static void
store_tag (XqPgnRecord *rec, const char *name, const char *value)
{
  int i = find_tag (rec, name);

  if (i >= 0)
    {
      g_free (rec->tag_values->pdata[i]);
      rec->tag_values->pdata[i] = g_strdup (value);
      return;
    }
  g_ptr_array_add (rec->tag_names, g_strdup (name));
  g_ptr_array_add (rec->tag_values, g_strdup (value));
}

void
xq_pgn_record_set_tag (XqPgnRecord *rec, const char *name, const char *value)
{
  g_return_if_fail (rec != NULL && name != NULL && value != NULL);
  g_return_if_fail (strcmp (name, "FEN") != 0);
  store_tag (rec, name, value);
}

gboolean
xq_pgn_record_remove_tag (XqPgnRecord *rec, const char *name)
{
  int i;

  g_return_val_if_fail (rec != NULL && name != NULL, FALSE);
  g_return_val_if_fail (strcmp (name, "FEN") != 0, FALSE);
  i = find_tag (rec, name);
  if (i < 0)
    return FALSE;
  g_ptr_array_remove_index (rec->tag_names, (guint) i);
  g_ptr_array_remove_index (rec->tag_values, (guint) i);
  return TRUE;
}

/* ---- Start position and moves ---------------------------------------------- */

gboolean
xq_pgn_record_set_start (XqPgnRecord *rec, const char *fen, GError **error)
{
  XqPosition pos;
  g_autofree char *normal = NULL;
  int i;

  g_return_val_if_fail (rec != NULL && fen != NULL, FALSE);
  g_return_val_if_fail (rec->moves->len == 0, FALSE);

  if (!xq_position_set_fen (&pos, fen, error))
    return FALSE;
  rec->start = rec->end = pos;
  normal = xq_position_to_fen (&pos);
  if (strcmp (normal, XQ_START_FEN) != 0)
    store_tag (rec, "FEN", normal);
  else if ((i = find_tag (rec, "FEN")) >= 0)
    {
      g_ptr_array_remove_index (rec->tag_names, (guint) i);
      g_ptr_array_remove_index (rec->tag_values, (guint) i);
    }
  return TRUE;
}

const XqPosition *
xq_pgn_record_get_start (const XqPgnRecord *rec)
{
  g_return_val_if_fail (rec != NULL, NULL);
  return &rec->start;
}

void
xq_pgn_record_get_position (const XqPgnRecord *rec, guint ply, XqPosition *out)
{
  g_return_if_fail (rec != NULL && out != NULL);
  g_return_if_fail (ply <= rec->moves->len);

  *out = rec->start;
  for (guint i = 0; i < ply; i++)
    {
      XqUndo undo;
      xq_position_do_move (out, g_array_index (rec->moves, XqMove, i), &undo);
    }
}

guint
xq_pgn_record_get_n_moves (const XqPgnRecord *rec)
{
  g_return_val_if_fail (rec != NULL, 0);
  return rec->moves->len;
}

XqMove
xq_pgn_record_get_move (const XqPgnRecord *rec, guint i)
{
  g_return_val_if_fail (rec != NULL && i < rec->moves->len, XQ_MOVE_NONE);
  return g_array_index (rec->moves, XqMove, i);
}

gboolean
xq_pgn_record_append_move (XqPgnRecord *rec, XqMove m, GError **error)
{
  XqUndo undo;

  g_return_val_if_fail (rec != NULL, FALSE);

  if (m == XQ_MOVE_NONE || !xq_position_is_legal (&rec->end, m))
    {
      char iccs[5] = "?";

      if (m != XQ_MOVE_NONE)
        xq_move_to_iccs (m, iccs);
      g_set_error (error, XQ_PGN_ERROR, XQ_PGN_ERROR_BAD_MOVE,
                   _("%s is not a legal move after move %u"), iccs, rec->moves->len);
      return FALSE;
    }
  xq_position_do_move (&rec->end, m, &undo);
  g_array_append_val (rec->moves, m);
  g_ptr_array_add (rec->before, NULL);
  g_ptr_array_add (rec->after, NULL);
  return TRUE;
}

/* ---- Comments ---------------------------------------------------------------- */

/* Comments are kept trimmed, and an empty one is no comment, so that what
 * is written reads back the same. */
static char *
comment_dup (const char *text)
{
  char *copy;

  if (text == NULL)
    return NULL;
  /* Only UTF-8 can be written and read back (the reader refuses the rest). */
  copy = g_strstrip (g_utf8_make_valid (text, -1));
  if (*copy == '\0')
    g_clear_pointer (&copy, g_free);
  return copy;
}

const char *
xq_pgn_record_get_game_comment (const XqPgnRecord *rec)
{
  g_return_val_if_fail (rec != NULL, NULL);
  return rec->game_comment;
}

void
xq_pgn_record_set_game_comment (XqPgnRecord *rec, const char *text)
{
  g_return_if_fail (rec != NULL);
  g_free (rec->game_comment);
  rec->game_comment = comment_dup (text);
}

const char *
xq_pgn_record_get_comment_before (const XqPgnRecord *rec, guint i)
{
  g_return_val_if_fail (rec != NULL && i < rec->before->len, NULL);
  return g_ptr_array_index (rec->before, i);
}

void
xq_pgn_record_set_comment_before (XqPgnRecord *rec, guint i, const char *text)
{
  g_return_if_fail (rec != NULL && i < rec->before->len);
  g_free (rec->before->pdata[i]);
  rec->before->pdata[i] = comment_dup (text);
}

const char *
xq_pgn_record_get_comment_after (const XqPgnRecord *rec, guint i)
{
  g_return_val_if_fail (rec != NULL && i < rec->after->len, NULL);
  return g_ptr_array_index (rec->after, i);
}

void
xq_pgn_record_set_comment_after (XqPgnRecord *rec, guint i, const char *text)
{
  g_return_if_fail (rec != NULL && i < rec->after->len);
  g_free (rec->after->pdata[i]);
  rec->after->pdata[i] = comment_dup (text);
}

/* Adds text to a comment slot; two comments in one place are joined. */
static void
comment_append (char **slot, const char *text)
{
  g_autofree char *clean = comment_dup (text);

  if (clean == NULL)
    return;
  if (*slot == NULL)
    *slot = g_steal_pointer (&clean);
  else
    {
      char *joined = g_strconcat (*slot, " ", clean, NULL);
      g_free (*slot);
      *slot = joined;
    }
}

/* ---- Variations and warnings ------------------------------------------------------ */

guint
xq_pgn_record_get_n_variations (const XqPgnRecord *rec)
{
  g_return_val_if_fail (rec != NULL, 0);
  return rec->variations->len;
}

guint
xq_pgn_record_get_variation_ply (const XqPgnRecord *rec, guint i)
{
  g_return_val_if_fail (rec != NULL && i < rec->variations->len, 0);
  return g_array_index (rec->variation_ply, guint, i);
}

const XqPgnRecord *
xq_pgn_record_get_variation (const XqPgnRecord *rec, guint i)
{
  g_return_val_if_fail (rec != NULL && i < rec->variations->len, NULL);
  return g_ptr_array_index (rec->variations, i);
}

XqPgnRecord *
xq_pgn_record_add_variation (XqPgnRecord *rec, guint ply)
{
  XqPgnRecord *line;

  g_return_val_if_fail (rec != NULL && ply <= rec->moves->len, NULL);

  line = xq_pgn_record_new ();
  xq_pgn_record_get_position (rec, ply, &line->start);
  line->end = line->start;
  {
    /* In the order of the moves they replace, then of their adding. */
    guint at = rec->variations->len;

    while (at > 0 && g_array_index (rec->variation_ply, guint, at - 1) > ply)
      at--;
    g_array_insert_val (rec->variation_ply, at, ply);
    g_ptr_array_insert (rec->variations, (gint) at, line);
  }
  return line;
}

guint
xq_pgn_record_count_moves (const XqPgnRecord *rec)
{
  guint n;

  g_return_val_if_fail (rec != NULL, 0);
  n = rec->moves->len;
  for (guint i = 0; i < rec->variations->len; i++)
    n += xq_pgn_record_count_moves (g_ptr_array_index (rec->variations, i));
  return n;
}

void
xq_pgn_record_add_warning (XqPgnRecord *rec, const char *text)
{
  g_return_if_fail (rec != NULL && text != NULL);
  g_ptr_array_add (rec->warnings, g_strdup (text));
}

guint
xq_pgn_record_get_n_warnings (const XqPgnRecord *rec)
{
  g_return_val_if_fail (rec != NULL, 0);
  return rec->warnings->len;
}

const char *
xq_pgn_record_get_warning (const XqPgnRecord *rec, guint i)
{
  g_return_val_if_fail (rec != NULL && i < rec->warnings->len, NULL);
  return g_ptr_array_index (rec->warnings, i);
}

/* ---- Result ------------------------------------------------------------------ */

static const char *const result_tokens[] = { "*", "1-0", "0-1", "1/2-1/2" };

XqPgnResult
xq_pgn_record_get_result (const XqPgnRecord *rec)
{
  g_return_val_if_fail (rec != NULL, XQ_PGN_RESULT_UNKNOWN);
  return rec->result;
}

void
xq_pgn_record_set_result (XqPgnRecord *rec, XqPgnResult result)
{
  g_return_if_fail (rec != NULL);
  g_return_if_fail ((size_t) result < G_N_ELEMENTS (result_tokens));
  rec->result = result;
}

const char *
xq_pgn_result_to_string (XqPgnResult result)
{
  g_return_val_if_fail ((size_t) result < G_N_ELEMENTS (result_tokens), NULL);
  return result_tokens[result];
}

gboolean
xq_pgn_result_from_string (const char *text, XqPgnResult *out)
{
  g_return_val_if_fail (text != NULL, FALSE);
  for (size_t i = 0; i < G_N_ELEMENTS (result_tokens); i++)
    if (strcmp (text, result_tokens[i]) == 0)
      {
        if (out != NULL)
          *out = (XqPgnResult) i;
        return TRUE;
      }
  return FALSE;
}

/* ---- Reading ------------------------------------------------------------------ */

typedef struct {
  const char  *p;
  int          line;
  int          col;
  XqPgnRecord *rec;
  gboolean     in_moves;        /* the movetext has begun: no more tags */
  gboolean     after_number;    /* a move number was read, its move not yet */
  gboolean     finished;        /* the result token was read */
  char        *pending_before;  /* a comment waiting for the move it precedes */
  XqPgnRecord *game;            /* the game's record (rec is a variation's inside "( … )") */
  guint        depth;           /* of "(" around r->p */
  guint        n_variations;    /* kept in this game */
} Reader;

/* Variations nest at most this deep, and a game keeps at most this many;
 * those beyond are skipped with a warning. */
#define PGN_MAX_VARIATION_DEPTH 64
#define PGN_MAX_VARIATIONS      50000

/* Moves one character on, counting lines and columns (in characters). */
static void
reader_advance (Reader *r)
{
  if (*r->p == '\0')
    return;
  if (*r->p == '\n')
    {
      r->line++;
      r->col = 1;
    }
  else
    r->col++;
  r->p = g_utf8_next_char (r->p);
}

static gboolean
is_space_at (const char *p)
{
  gunichar ch = g_utf8_get_char (p);
  /* The byte-order mark some editors put first is treated as space. */
  return *p != '\0' && (g_unichar_isspace (ch) || ch == 0xFEFF);
}

static void
skip_space (Reader *r)
{
  while (is_space_at (r->p))
    reader_advance (r);
}

static gboolean G_GNUC_PRINTF (5, 6)
fail_at (GError **error, XqPgnError code, int line, int col, const char *format, ...)
{
  va_list args;
  g_autofree char *msg = NULL;

  va_start (args, format);
  msg = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, XQ_PGN_ERROR, code, "%d:%d: %s", line, col, msg);
  return FALSE;
}

static void
add_comment (Reader *r, const char *text)
{
  XqPgnRecord *rec = r->rec;

  /* A comment between a move number and its move is about that move;
   * any other belongs to the move it follows, or to the game. */
  if (r->after_number)
    comment_append (&r->pending_before, text);
  else if (rec->moves->len > 0)
    comment_append ((char **) &rec->after->pdata[rec->moves->len - 1], text);
  else
    comment_append (&rec->game_comment, text);
}

static gboolean
read_brace_comment (Reader *r, GError **error)
{
  int line = r->line, col = r->col;
  const char *start;

  reader_advance (r);
  start = r->p;
  while (*r->p != '\0' && *r->p != '}')
    reader_advance (r);
  if (*r->p == '\0')
    return fail_at (error, XQ_PGN_ERROR_SYNTAX, line, col, _("This comment is never closed with “}”"));
  {
    g_autofree char *text = g_strndup (start, (gsize) (r->p - start));
    add_comment (r, text);
  }
  reader_advance (r);
  return TRUE;
}

/* A run of line comments on consecutive lines, each ";" in the first
 * column after the first, is one comment whose lines are joined with "\n";
 * one space after each ";" is the writer's and is dropped (docs/pgn.md). */
static void
read_line_comment (Reader *r)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (;;)
    {
      const char *start;

      reader_advance (r);
      if (*r->p == ' ')
        reader_advance (r);
      start = r->p;
      while (*r->p != '\0' && *r->p != '\n')
        reader_advance (r);
      g_string_append_len (text, start, r->p - start);
      if (r->p[0] != '\n' || r->p[1] != ';')
        break;
      reader_advance (r);
      g_string_append_c (text, '\n');
    }
  add_comment (r, text->str);
}

/* Skips a variation's text, nested ones and comments inside included
 * (one that is left out). */
static gboolean
skip_variation (Reader *r, GError **error)
{
  int line = r->line, col = r->col, depth = 0;

  do
    {
      if (*r->p == '\0')
        return fail_at (error, XQ_PGN_ERROR_SYNTAX, line, col, _("This variation is never closed with “)”"));
      if (*r->p == '(')
        depth++;
      else if (*r->p == ')')
        depth--;
      else if (*r->p == '{')
        {
          int cline = r->line, ccol = r->col;
          while (*r->p != '\0' && *r->p != '}')
            reader_advance (r);
          if (*r->p == '\0')
            return fail_at (error, XQ_PGN_ERROR_SYNTAX, cline, ccol, _("This comment is never closed with “}”"));
        }
      reader_advance (r);
    }
  while (depth > 0);
  return TRUE;
}

static gboolean read_item (Reader *r, GError **error);

static void
variation_warning (Reader *r, int line, int col, const char *why)
{
  /* TRANSLATORS: %s says why: "12:5: “h2h9”: Red has no piece on h2". */
  g_autofree char *warning = g_strdup_printf (_("%d:%d: a variation left out: %s"), line, col, why);

  xq_pgn_record_add_warning (r->game, warning);
}

/* "( … )": another line in place of the last move of the line being read,
 * read into a variation of its own (nested ones into it).  A variation
 * that cannot be read (a move that is not legal there, a tag inside) is
 * left out from that point with a warning on the game, and the text is
 * skipped to its ")". */
static gboolean
read_variation (Reader *r, GError **error)
{
  Reader saved = *r;
  XqPgnRecord *line = r->rec;
  g_autoptr(GError) local = NULL;
  gboolean ok = TRUE;

  if (line->moves->len == 0 || r->depth >= PGN_MAX_VARIATION_DEPTH
      || r->n_variations >= PGN_MAX_VARIATIONS)
    {
      if (line->moves->len == 0)
        variation_warning (r, r->line, r->col, _("it comes before any move it could replace"));
      else
        variation_warning (r, r->line, r->col, _("too many variations, or nested too deep"));
      return skip_variation (r, error);
    }
  r->n_variations++;
  r->depth++;
  r->rec = xq_pgn_record_add_variation (line, line->moves->len - 1);
  r->after_number = FALSE;
  r->finished = FALSE;
  r->pending_before = NULL;
  reader_advance (r);
  for (;;)
    {
      skip_space (r);
      if (*r->p == '\0')
        {
          ok = fail_at (&local, XQ_PGN_ERROR_SYNTAX, saved.line, saved.col,
                        _("This variation is never closed with “)”"));
          break;
        }
      if (*r->p == ')')
        {
          reader_advance (r);
          break;
        }
      if (*r->p == '[')
        {
          ok = fail_at (&local, XQ_PGN_ERROR_SYNTAX, r->line, r->col, _("a tag inside a variation"));
          break;
        }
      if (!read_item (r, &local))
        {
          ok = FALSE;
          break;
        }
    }
  if (ok && r->pending_before != NULL)
    {
      r->after_number = FALSE;
      add_comment (r, r->pending_before);
    }
  g_clear_pointer (&r->pending_before, g_free);
  if (!ok)
    {
      /* Keep what was read of it; skip the rest of its text. */
      guint n = r->n_variations;

      if (local->code == XQ_PGN_ERROR_SYNTAX
          && g_str_has_suffix (local->message, _("This variation is never closed with “)”")))
        {
          g_propagate_error (error, g_steal_pointer (&local));
          ok = FALSE;
          goto restore;
        }
      {
        /* Where it went wrong, when the message says it ("12:5: …"). */
        int wl, wc, n_read = 0;

        if (sscanf (local->message, "%d:%d: %n", &wl, &wc, &n_read) == 2 && n_read > 0)
          variation_warning (r, wl, wc, local->message + n_read);
        else
          variation_warning (r, saved.line, saved.col, local->message);
      }
      r->p = saved.p;
      r->line = saved.line;
      r->col = saved.col;
      ok = skip_variation (r, error);
      r->n_variations = n;
    }
restore:
  /* On every path, errors too: the line being read gets back its own
   * state, and the comment waiting for its next move stays with it (an
   * unclosed variation after "2. {…}" lost it: fuzz-pgn, December 7). */
  r->rec = line;
  r->depth = saved.depth;
  r->after_number = saved.after_number;
  r->finished = saved.finished;
  r->pending_before = saved.pending_before;
  return ok;
}

static gboolean
read_tag (Reader *r, GError **error)
{
  int line = r->line, col = r->col, vline, vcol;
  const char *start;
  g_autofree char *name = NULL;
  g_autoptr(GString) value = g_string_new (NULL);

  if (r->in_moves)
    return fail_at (error, r->finished ? XQ_PGN_ERROR_TRAILING : XQ_PGN_ERROR_SYNTAX, line, col,
                    _("A tag after the moves: only one game per file can be read"));
  reader_advance (r);
  skip_space (r);
  start = r->p;
  while (g_ascii_isalnum (*r->p) || *r->p == '_')
    reader_advance (r);
  if (r->p == start)
    return fail_at (error, XQ_PGN_ERROR_SYNTAX, r->line, r->col, _("A tag needs a name after “[”"));
  name = g_strndup (start, (gsize) (r->p - start));
  skip_space (r);
  if (*r->p != '"')
    return fail_at (error, XQ_PGN_ERROR_SYNTAX, r->line, r->col,
                    _("The value of tag %s should be in double quotes"), name);
  vline = r->line;
  vcol = r->col;
  reader_advance (r);
  while (*r->p != '"')
    {
      if (*r->p == '\0' || *r->p == '\n')
        return fail_at (error, XQ_PGN_ERROR_SYNTAX, vline, vcol,
                        _("The value of tag %s is never closed with a double quote"), name);
      if (*r->p == '\\' && (r->p[1] == '"' || r->p[1] == '\\'))
        reader_advance (r);
      g_string_append_len (value, r->p, g_utf8_next_char (r->p) - r->p);
      reader_advance (r);
    }
  reader_advance (r);
  skip_space (r);
  if (*r->p != ']')
    return fail_at (error, XQ_PGN_ERROR_SYNTAX, r->line, r->col,
                    _("Tag %s should end with “]”"), name);
  reader_advance (r);

  if (strcmp (name, "FEN") == 0)
    {
      g_autoptr(GError) local = NULL;

      if (!xq_position_set_fen (&r->rec->start, value->str, &local))
        return fail_at (error, XQ_PGN_ERROR_BAD_FEN, vline, vcol,
                        _("The FEN tag is not a valid position: %s"), local->message);
      r->rec->end = r->rec->start;
    }
  store_tag (r->rec, name, value->str);
  return TRUE;
}

/* "12." or "12..." alone, or glued to its move ("1.C2.5")?  Returns the
 * length of the number part, 0 if the token is not a move number.  A
 * digit after the dots means a WXF soldier move such as "33.4" instead. */
static size_t
move_number_length (const char *token)
{
  size_t i = 0, digits;

  while (g_ascii_isdigit (token[i]))
    i++;
  digits = i;
  if (digits == 0 || token[i] != '.')
    return 0;
  while (token[i] == '.')
    i++;
  if (token[i] == '\0' || !g_ascii_isdigit (token[i]))
    return i;
  return 0;
}

static gboolean
is_delimiter (const char *p)
{
  return *p == '\0' || is_space_at (p) || strchr ("{};()[]$", *p) != NULL;
}

/* text with every full-width ASCII form (U+FF01–U+FF5E) made ASCII, or
 * NULL when it holds none. */
static char *
fold_full_width (const char *text)
{
  GString *out = g_string_new (NULL);
  gboolean any = FALSE;

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar ch = g_utf8_get_char (p);

      if (ch >= 0xFF01 && ch <= 0xFF5E)
        {
          g_string_append_c (out, (char) (ch - 0xFF01 + 0x21));
          any = TRUE;
        }
      else
        g_string_append_unichar (out, ch);
    }
  if (!any)
    {
      g_string_free (out, TRUE);
      return NULL;
    }
  return g_string_free (out, FALSE);
}

static gboolean
read_move (Reader *r, const char *text, int line, int col, GError **error)
{
  g_autoptr(GError) local = NULL;
  g_autofree char *clean = g_strdup (text);
  size_t len = strlen (clean);
  XqMove m;

  /* Annotation marks "!", "?", "!?" are not part of the move. */
  while (len > 0 && (clean[len - 1] == '!' || clean[len - 1] == '?'))
    clean[--len] = '\0';
  m = xq_notation_parse_any (&r->rec->end, clean, &local);
  if (m == XQ_MOVE_NONE)
    {
      /* WXF typed with a Chinese input method comes in full-width forms
       * (“Ｃ２＝５”): read it again folded to ASCII. */
      g_autofree char *folded = fold_full_width (clean);

      if (folded != NULL)
        {
          g_autoptr(GError) again = NULL;

          m = xq_notation_parse_any (&r->rec->end, folded, &again);
        }
    }
  if (m == XQ_MOVE_NONE)
    return fail_at (error, XQ_PGN_ERROR_BAD_MOVE, line, col, "%s", local->message);
  if (!xq_pgn_record_append_move (r->rec, m, error))
    return FALSE;
  r->rec->before->pdata[r->rec->moves->len - 1] = g_steal_pointer (&r->pending_before);
  r->after_number = FALSE;
  return TRUE;
}

static gboolean
read_token (Reader *r, GError **error)
{
  int line = r->line, col = r->col;
  const char *start = r->p;
  g_autofree char *token = NULL;
  XqPgnResult result;
  size_t number;

  while (!is_delimiter (r->p))
    reader_advance (r);
  token = g_strndup (start, (gsize) (r->p - start));
  if (r->finished)
    return fail_at (error, XQ_PGN_ERROR_TRAILING, line, col,
                    _("“%s” after the result: only one game per file can be read"), token);
  r->in_moves = TRUE;

  if (xq_pgn_result_from_string (token, &result))
    {
      r->rec->result = result;
      r->finished = TRUE;
      return TRUE;
    }
  /* A bare "..." marks Black's move after a comment, like "12...". */
  if (strspn (token, ".") == strlen (token))
    {
      r->after_number = TRUE;
      return TRUE;
    }
  number = move_number_length (token);
  if (number > 0)
    {
      r->after_number = TRUE;
      if (token[number] == '\0')
        return TRUE;
      return read_move (r, token + number, line, col + (int) number, error);
    }
  return read_move (r, token, line, col, error);
}

/* Where the first byte that is not UTF-8 is, for the error message. */
static void
locate_offset (const char *text, const char *at, int *line, int *col)
{
  *line = 1;
  *col = 1;
  for (const char *p = text; p < at; p++)
    {
      if (*p == '\n')
        {
          (*line)++;
          *col = 1;
        }
      else if ((*p & 0xC0) != 0x80)
        (*col)++;
    }
}

/* 象棋巫师 (XQWizard) ends a game with a line of "=" (five or more) and a
 * few lines of its own (its name, a web address). */
static gboolean
at_footer (const Reader *r)
{
  /* No move or result starts with "="; some writers indent the line. */
  return g_str_has_prefix (r->p, "=====");
}

/* Skips the footer up to the next line that starts with "[". */
static void
skip_footer (Reader *r)
{
  for (;;)
    {
      const char *q;

      while (*r->p != '\0' && *r->p != '\n')
        reader_advance (r);
      if (*r->p == '\0')
        return;
      reader_advance (r);
      q = r->p;
      while (*q == ' ' || *q == '\t' || *q == '\r')
        q++;
      if (*q == '[')
        return;
    }
}

/* Reads the tags, moves and comments of one game from r->p.  multi: stop
 * before the next game (a tag once the moves have begun, or a move after
 * the result) instead of calling it an error. */
static gboolean read_variation (Reader *r, GError **error);

/* One item of the movetext at r->p (not a space): a tag, a comment, a
 * variation, an annotation or a move. */
static gboolean
read_item (Reader *r, GError **error)
{
  gboolean ok = TRUE;

      switch (*r->p)
        {
        case '[':
          ok = read_tag (r, error);
          break;
        case '{':
          ok = read_brace_comment (r, error);
          break;
        case ';':
          read_line_comment (r);
          break;
        case '(':
          ok = read_variation (r, error);
          break;
        case ')':
        case ']':
        case '}':
          ok = fail_at (error, XQ_PGN_ERROR_SYNTAX, r->line, r->col,
                        _("“%c” without a matching opening bracket"), *r->p);
          break;
        case '$':
          /* A numeric annotation glyph: not kept. */
          reader_advance (r);
          while (g_ascii_isdigit (*r->p))
            reader_advance (r);
          break;
        case '=':
          /* 象棋巫师 (XQWizard) ends a game with a line of "=" and a few
           * lines of its own: skip them up to the next tag line. */
          if (at_footer (r))
            {
              skip_footer (r);
              break;
            }
          G_GNUC_FALLTHROUGH;
        case '%':
          if (*r->p == '=')
            {
              ok = read_token (r, error);
              break;
            }
          /* PGN's escape mechanism: the whole line is for other programs. */
          if (r->col == 1)
            {
              while (*r->p != '\0' && *r->p != '\n')
                reader_advance (r);
              break;
            }
          G_GNUC_FALLTHROUGH;
        default:
          ok = read_token (r, error);
          break;
        }
  return ok;
}

static gboolean
read_game (Reader *r, gboolean multi, GError **error)
{
  gboolean ok = TRUE;

  r->game = r->rec;
  while (ok)
    {
      skip_space (r);
      if (*r->p == '\0')
        break;
      if (multi && ((r->in_moves && *r->p == '[')
                    || (r->finished && *r->p != '{' && *r->p != ';')))
        break;
      ok = read_item (r, error);
    }
  if (ok && r->pending_before != NULL)
    {
      /* A move number with a comment but no move: keep the comment. */
      r->after_number = FALSE;
      add_comment (r, r->pending_before);
    }
  g_clear_pointer (&r->pending_before, g_free);
  if (!ok)
    return FALSE;
  if (!r->finished)
    {
      const char *tag = xq_pgn_record_get_tag (r->rec, "Result");

      r->rec->result = XQ_PGN_RESULT_UNKNOWN;
      if (tag != NULL && !xq_pgn_result_from_string (tag, &r->rec->result))
        {
          /* 东萍 (dpxq) exports give the result from Red's side. */
          if (strcmp (tag, "W") == 0)
            r->rec->result = XQ_PGN_RESULT_RED_WINS;
          else if (strcmp (tag, "D") == 0)
            r->rec->result = XQ_PGN_RESULT_DRAW;
          else if (strcmp (tag, "L") == 0)
            r->rec->result = XQ_PGN_RESULT_BLACK_WINS;
        }
    }
  return TRUE;
}

static gboolean
check_utf8 (const char *text, GError **error)
{
  const char *bad;

  if (!g_utf8_validate (text, -1, &bad))
    {
      int line, col;
      locate_offset (text, bad, &line, &col);
      return fail_at (error, XQ_PGN_ERROR_SYNTAX, line, col, _("The text is not valid UTF-8 here"));
    }
  return TRUE;
}

XqPgnRecord *
xq_pgn_read_string (const char *text, GError **error)
{
  g_autoptr(XqPgnRecord) rec = NULL;
  Reader r = { 0 };

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_utf8 (text, error))
    return NULL;
  rec = xq_pgn_record_new ();
  r.p = text;
  r.line = r.col = 1;
  r.rec = rec;
  if (!read_game (&r, FALSE, error))
    return NULL;
  return g_steal_pointer (&rec);
}

void
xq_pgn_game_free (XqPgnGame *game)
{
  if (game == NULL)
    return;
  xq_pgn_record_free (game->record);
  g_clear_error (&game->error);
  g_free (game);
}

/* After a game that could not be read: on to the next line that starts
 * with "[" once a line of moves has been passed (the broken game's own
 * later tags are not a new game). */
static void
skip_broken_game (Reader *r)
{
  gboolean seen_moves = r->in_moves;

  for (;;)
    {
      const char *q;

      while (*r->p != '\0' && *r->p != '\n')
        reader_advance (r);
      if (*r->p == '\0')
        return;
      reader_advance (r);
      q = r->p;
      while (*q == ' ' || *q == '\t' || *q == '\r')
        q++;
      if (*q == '[' && seen_moves)
        return;
      if (*q != '\0' && *q != '\n' && *q != '[')
        seen_moves = TRUE;
    }
}

GPtrArray *
xq_pgn_read_games (const char *text, guint max_games, GError **error)
{
  return xq_pgn_read_games_at (text, 1, max_games, error);
}

GPtrArray *
xq_pgn_read_games_at (const char *text, int first_line, guint max_games, GError **error)
{
  g_autoptr(GPtrArray) games = NULL;
  Reader r = { 0 };

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (max_games == 0)
    max_games = XQ_PGN_MAX_GAMES;
  if (!check_utf8 (text, error))
    return NULL;
  games = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_pgn_game_free);
  r.p = text;
  r.line = first_line;
  r.col = 1;
  for (;;)
    {
      g_autoptr(XqPgnRecord) rec = NULL;
      XqPgnGame *game;

      skip_space (&r);
      while (at_footer (&r))
        {
          skip_footer (&r);
          skip_space (&r);
        }
      if (*r.p == '\0')
        break;
      if (games->len >= max_games)
        {
          fail_at (error, XQ_PGN_ERROR_TRAILING, r.line, r.col,
                   _("More than %u games in one file"), max_games);
          return NULL;
        }
      rec = xq_pgn_record_new ();
      game = g_new0 (XqPgnGame, 1);
      game->line = r.line;
      r.rec = rec;
      r.in_moves = r.after_number = r.finished = FALSE;
      if (read_game (&r, TRUE, &game->error))
        game->record = g_steal_pointer (&rec);
      else
        skip_broken_game (&r);
      g_ptr_array_add (games, game);
    }
  return g_steal_pointer (&games);
}

XqPgnRecord *
xq_pgn_read_file (const char *path, GError **error)
{
  g_autofree char *text = NULL;
  XqPgnRecord *rec;

  g_return_val_if_fail (path != NULL, NULL);

  if (!g_file_get_contents (path, &text, NULL, error))
    return NULL;
  rec = xq_pgn_read_string (text, error);
  if (rec == NULL)
    g_prefix_error (error, "%s:", path);
  return rec;
}

/* ---- Writing ------------------------------------------------------------------ */

const char *
xq_pgn_format_tag_value (XqNotation notation)
{
  switch (notation)
    {
    case XQ_NOTATION_ICCS:
      return "ICCS";
    case XQ_NOTATION_WXF:
      return "WXF";
    case XQ_NOTATION_ZH_HANS:
    case XQ_NOTATION_ZH_HANT:
      return "Chinese";
    default:
      g_return_val_if_reached (NULL);
    }
}

static void
write_comment (GString *out, const char *text)
{
  /* A "}" cannot appear in a brace comment: such a text goes out as a run
   * of line comments, one per line, which the reader joins again
   * (docs/pgn.md).  Either way the text reads back unchanged. */
  if (strchr (text, '}') == NULL)
    g_string_append_printf (out, "{%s}", text);
  else
    {
      g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

      /* Each line ends with its newline, so the next ";" is in column 1. */
      for (int i = 0; lines[i] != NULL; i++)
        g_string_append_printf (out, lines[i][0] != '\0' ? "; %s\n" : ";\n", lines[i]);
    }
}

/* Separates tokens: a space, unless a line comment already ended the line. */
static void
write_space (GString *out)
{
  if (out->len > 0 && out->str[out->len - 1] != '\n' && out->str[out->len - 1] != ' ')
    g_string_append_c (out, ' ');
}

/* The moves of a line with their comments, each variation "( … )" right
 * after the move it replaces (its own comment first), nested ones inside. */
static void
write_line (GString *out, const XqPgnRecord *rec, XqNotation notation)
{
  XqPosition pos = rec->start;
  gboolean interrupted = FALSE;

  for (guint i = 0; i < rec->moves->len; i++)
    {
      XqMove m = g_array_index (rec->moves, XqMove, i);
      const char *before = g_ptr_array_index (rec->before, i);
      const char *after = g_ptr_array_index (rec->after, i);
      g_autofree char *text = xq_notation_format (&pos, m, notation);
      XqUndo undo;

      if (pos.side == XQ_RED)
        {
          if (i > 0 && out->str[out->len - 1] != '\n')
            g_string_append_c (out, '\n');
          g_string_append_printf (out, "%d.", pos.fullmove);
        }
      else if (i == 0 || before != NULL || interrupted || g_ptr_array_index (rec->after, i - 1) != NULL)
        {
          /* Black's move needs its number again when something came
           * between it and Red's, and for a comment to sit before it. */
          write_space (out);
          g_string_append_printf (out, "%d...", pos.fullmove);
        }
      if (before != NULL)
        {
          write_space (out);
          write_comment (out, before);
        }
      write_space (out);
      g_string_append (out, text);
      if (after != NULL)
        {
          write_space (out);
          write_comment (out, after);
        }
      interrupted = FALSE;
      for (guint v = 0; v < rec->variations->len; v++)
        {
          const XqPgnRecord *line = g_ptr_array_index (rec->variations, v);

          if (g_array_index (rec->variation_ply, guint, v) != i)
            continue;
          write_space (out);
          g_string_append_c (out, '(');
          if (line->game_comment != NULL)
            write_comment (out, line->game_comment);
          write_line (out, line, notation);
          /* A line that ends in a line comment ends with its newline, which
           * must stay: the ")" on the same line would be read as part of
           * the comment. */
          g_string_append_c (out, ')');
          interrupted = TRUE;
        }
      xq_position_do_move (&pos, m, &undo);
    }
}

char *
xq_pgn_write (const XqPgnRecord *rec, XqNotation notation)
{
  GString *out;

  g_return_val_if_fail (rec != NULL, NULL);

  out = g_string_new (NULL);
  for (guint i = 0; i < rec->tag_names->len; i++)
    {
      const char *name = g_ptr_array_index (rec->tag_names, i);
      const char *value = g_ptr_array_index (rec->tag_values, i);

      g_string_append_printf (out, "[%s \"", name);
      for (const char *p = value; *p != '\0'; p++)
        {
          if (*p == '"' || *p == '\\')
            g_string_append_c (out, '\\');
          g_string_append_c (out, *p);
        }
      g_string_append (out, "\"]\n");
    }
  if (rec->tag_names->len > 0)
    g_string_append_c (out, '\n');
  if (rec->game_comment != NULL)
    {
      write_comment (out, rec->game_comment);
      g_string_append_c (out, '\n');
    }

  write_line (out, rec, notation);
  if (rec->moves->len > 0 && out->str[out->len - 1] != '\n')
    g_string_append_c (out, '\n');
  g_string_append (out, result_tokens[rec->result]);
  g_string_append_c (out, '\n');
  return g_string_free (out, FALSE);
}

gboolean
xq_pgn_write_file (const XqPgnRecord *rec, const char *path, XqNotation notation, GError **error)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (rec != NULL && path != NULL, FALSE);

  text = xq_pgn_write (rec, notation);
  return g_file_set_contents (path, text, -1, error);
}
