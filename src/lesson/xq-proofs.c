/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-proofs"

#include "config.h"

#include <json-glib/json-glib.h>
#include <errno.h>
#include <string.h>

#include "xq-proofs.h"
#include "xq-data-dirs.h"
#include "xq-exercise.h"
#include "xq-json-bounded.h"
#include "xq-safe-file.h"

typedef struct {
  char  *fen;
  int    n;
  int    mate;
  int    n_keys;
  XqMove keys[XQ_MAX_MOVES];
} Proof;

/* Where an entry stands in the text of an indexed file. */
typedef struct {
  gsize start;
  gsize length;
} Span;

struct _XqProofs {
  GMutex      lock;
  GHashTable *table;    /* key → Proof */
  /* Entries of an indexed file (xq_proofs_index_file) not read yet:
   * key → Span in text.  Each is read and checked when first asked for,
   * then moves to table, or is dropped if it fails. */
  GHashTable *pending;
  char       *text;
};

static void read_pending     (XqProofs *proofs, const char *key);
static void read_all_pending (XqProofs *proofs);

static void
proof_free (Proof *p)
{
  g_free (p->fen);
  g_free (p);
}

XqProofs *
xq_proofs_new (void)
{
  XqProofs *proofs = g_new0 (XqProofs, 1);

  g_mutex_init (&proofs->lock);
  proofs->table = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) proof_free);
  proofs->pending = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  return proofs;
}

void
xq_proofs_free (XqProofs *proofs)
{
  if (proofs == NULL)
    return;
  g_hash_table_unref (proofs->table);
  g_hash_table_unref (proofs->pending);
  g_free (proofs->text);
  g_mutex_clear (&proofs->lock);
  g_free (proofs);
}

guint
xq_proofs_size (XqProofs *proofs)
{
  guint n;

  g_return_val_if_fail (proofs != NULL, 0);
  g_mutex_lock (&proofs->lock);
  read_all_pending (proofs);
  n = g_hash_table_size (proofs->table);
  g_mutex_unlock (&proofs->lock);
  return n;
}

static char *
key_for_fen (const char *fen, int n)
{
  g_autofree char *text = g_strdup_printf ("mate-in %d\n%s", n, fen);

  return g_compute_checksum_for_string (G_CHECKSUM_SHA256, text, -1);
}

char *
xq_proofs_key (const XqPosition *pos, int n)
{
  g_autofree char *fen = NULL;

  g_return_val_if_fail (pos != NULL, NULL);
  fen = xq_position_to_fen (pos);
  return key_for_fen (fen, n);
}

gboolean
xq_proofs_lookup (XqProofs *proofs, const XqPosition *pos, int n, XqSolution *out)
{
  g_autofree char *key = NULL;
  Proof *p;
  gboolean found = FALSE;

  g_return_val_if_fail (proofs != NULL && pos != NULL && out != NULL, FALSE);
  key = xq_proofs_key (pos, n);
  g_mutex_lock (&proofs->lock);
  read_pending (proofs, key);
  p = g_hash_table_lookup (proofs->table, key);
  if (p != NULL)
    {
      memset (out, 0, sizeof *out);
      out->mate = p->mate;
      out->n_keys = p->n_keys;
      memcpy (out->keys, p->keys, sizeof (XqMove) * (gsize) p->n_keys);
      found = TRUE;
    }
  g_mutex_unlock (&proofs->lock);
  return found;
}

/* Takes key and p; FALSE (both freed) if the table is full.  Called with
 * the lock held. */
/* The entries proofs holds, read or still waiting in an indexed file. */
static guint
held_locked (XqProofs *proofs)
{
  return g_hash_table_size (proofs->table) + g_hash_table_size (proofs->pending);
}

static gboolean
insert_locked (XqProofs *proofs, char *key, Proof *p)
{
  /* Entries still waiting in an indexed file count too, or saving (which
   * reads them all) would drop old proofs for new ones without a word. */
  if (held_locked (proofs) >= XQ_PROOFS_MAX_ENTRIES
      && !g_hash_table_contains (proofs->table, key) && !g_hash_table_contains (proofs->pending, key))
    {
      g_free (key);
      proof_free (p);
      return FALSE;
    }
  /* A proof made here replaces one still waiting in an indexed file. */
  g_hash_table_remove (proofs->pending, key);
  g_hash_table_replace (proofs->table, key, p);
  return TRUE;
}

static gboolean
insert (XqProofs *proofs, char *key, Proof *p)
{
  gboolean added;

  g_mutex_lock (&proofs->lock);
  added = insert_locked (proofs, key, p);
  g_mutex_unlock (&proofs->lock);
  return added;
}

void
xq_proofs_add (XqProofs *proofs, const XqPosition *pos, int n, const XqSolution *sol)
{
  Proof *p;

  g_return_if_fail (proofs != NULL && pos != NULL && sol != NULL);
  if (sol->mate < 1 || sol->mate > n || sol->n_keys < 1 || sol->n_keys > XQ_MAX_MOVES)
    return;
  p = g_new0 (Proof, 1);
  p->fen = xq_position_to_fen (pos);
  p->n = n;
  p->mate = sol->mate;
  p->n_keys = sol->n_keys;
  memcpy (p->keys, sol->keys, sizeof (XqMove) * (gsize) sol->n_keys);
  insert (proofs, key_for_fen (p->fen, n), p);
}

void
xq_proofs_add_none (XqProofs *proofs, const XqPosition *pos, int n)
{
  Proof *p;

  g_return_if_fail (proofs != NULL && pos != NULL);
  g_return_if_fail (n >= 1 && n <= XQ_SOLVER_MAX_MATE);
  p = g_new0 (Proof, 1);
  p->fen = xq_position_to_fen (pos);
  p->n = n;
  insert (proofs, key_for_fen (p->fen, n), p);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Proof, proof_free)

/* An entry is used only if everything in it holds together: the key is
 * the one its FEN and goal give, the position is legal, the mate is within
 * the goal and every key is a legal move, listed once; or, for a proof
 * that there is no mate within the goal, "mate" 0 and no keys. */
static Proof *
read_entry (JsonNode *node, char **key_out)
{
  g_autoptr(Proof) p = NULL;
  JsonObject *o;
  JsonArray *keys;
  XqPosition pos;
  const char *key, *fen;
  g_autofree char *want = NULL;
  g_autofree char *canonical = NULL;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    return NULL;
  o = json_node_get_object (node);
  key = xq_json_member_string (o, "key", NULL);
  fen = xq_json_member_string (o, "fen", NULL);
  if (key == NULL || fen == NULL || strlen (fen) > 128
      || !json_object_has_member (o, "keys")
      || !JSON_NODE_HOLDS_ARRAY (json_object_get_member (o, "keys")))
    return NULL;
  p = g_new0 (Proof, 1);
  p->n = (int) CLAMP (xq_json_member_int (o, "mate-in", 0), 0, XQ_SOLVER_MAX_MATE + 1);
  p->mate = (int) CLAMP (xq_json_member_int (o, "mate", 0), 0, XQ_SOLVER_MAX_MATE + 1);
  if (p->n < 1 || p->n > XQ_SOLVER_MAX_MATE || p->mate < 0 || p->mate > p->n)
    return NULL;
  if (!xq_position_set_fen (&pos, fen, NULL))
    return NULL;
  canonical = xq_position_to_fen (&pos);
  want = key_for_fen (canonical, p->n);
  if (strcmp (want, key) != 0)
    return NULL;
  keys = json_object_get_array_member (o, "keys");
  if ((p->mate > 0 && json_array_get_length (keys) < 1) || (p->mate == 0 && json_array_get_length (keys) > 0)
      || json_array_get_length (keys) > XQ_MAX_MOVES)
    return NULL;
  for (guint i = 0; i < json_array_get_length (keys); i++)
    {
      JsonNode *k = json_array_get_element (keys, i);
      XqMove m;

      if (!JSON_NODE_HOLDS_VALUE (k) || json_node_get_value_type (k) != G_TYPE_STRING)
        return NULL;
      m = xq_move_from_iccs (json_node_get_string (k));
      if (m == XQ_MOVE_NONE || !xq_position_is_legal (&pos, m))
        return NULL;
      for (int j = 0; j < p->n_keys; j++)
        if (p->keys[j] == m)
          return NULL;
      p->keys[p->n_keys++] = m;
    }
  p->fen = g_steal_pointer (&canonical);
  *key_out = g_steal_pointer (&want);
  return g_steal_pointer (&p);
}

/* The text of an entry, or of a whole document, as JSON: bounded in size
 * and nesting before json-glib's recursive parser sees it (a cache file is
 * only as trustworthy as the user's disk). */
static JsonParser *
parse (const char *data, gsize length, GError **error)
{
  g_autofree char *where = NULL;

  return xq_json_parse_bounded (data, length, XQ_PROOFS_MAX_BYTES, &where, error);
}

static gboolean
load_all (XqProofs *proofs, const char *name, const char *data, gsize length,
          guint *n_dropped, GError **error)
{
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(GError) local = NULL;
  JsonNode *root;
  JsonObject *obj;
  JsonArray *entries;
  guint dropped = 0;

  parser = parse (data, length, &local);
  if (parser == NULL)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s: %s", name, local->message);
      return FALSE;
    }
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root)
      || xq_json_member_int (obj = json_node_get_object (root), "format", 0) != 1
      || g_strcmp0 (xq_json_member_string (obj, "type", NULL), "proofs") != 0
      || !json_object_has_member (obj, "proofs")
      || !JSON_NODE_HOLDS_ARRAY (json_object_get_member (obj, "proofs")))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s: $: not a proofs document (format 1)", name);
      return FALSE;
    }
  entries = json_object_get_array_member (obj, "proofs");
  if (json_array_get_length (entries) > XQ_PROOFS_MAX_ENTRIES)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s: $.proofs: more than %d entries",
                   name, XQ_PROOFS_MAX_ENTRIES);
      return FALSE;
    }
  for (guint i = 0; i < json_array_get_length (entries); i++)
    {
      char *key = NULL;
      Proof *p = read_entry (json_array_get_element (entries, i), &key);

      if (p == NULL || !insert (proofs, key, p))
        dropped++;
    }
  if (n_dropped != NULL)
    *n_dropped = dropped;
  return TRUE;
}

gboolean
xq_proofs_load_file (XqProofs *proofs, const char *path, guint *n_dropped, GError **error)
{
  g_autofree char *data = NULL;
  gsize length;

  g_return_val_if_fail (proofs != NULL && path != NULL, FALSE);
  if (!xq_safe_file_read (path, XQ_PROOFS_MAX_BYTES, &data, &length, error))
    return FALSE;
  return load_all (proofs, path, data, length, n_dropped, error);
}

/* How xq_proofs_save_file lays a document out, which xq_proofs_index_file
 * relies on: the head, then each entry on a line of its own beginning with
 * its key ("\n" ENTRY_HEAD "<64 hex>\", ... }", a comma after all but the
 * last), then the tail. */
#define LAYOUT_HEAD "{\n  \"format\": 1,\n  \"type\": \"proofs\",\n  \"proofs\": ["
#define LAYOUT_TAIL "\n  ]\n}\n"
#define ENTRY_HEAD  "    { \"key\": \""
#define KEY_LENGTH  64

static gboolean
is_key_text (const char *text)
{
  for (int i = 0; i < KEY_LENGTH; i++)
    if (!g_ascii_isxdigit (text[i]) || g_ascii_isupper (text[i]))
      return FALSE;
  return text[KEY_LENGTH] == '"';
}

/* Indexes text laid out as xq_proofs_save_file writes it: key → Span of
 * each entry's object.  FALSE, with nothing added, if the text is laid
 * out in any other way (it may still be a good document). */
static gboolean
index_layout (XqProofs *proofs, const char *text, gsize length)
{
  g_autoptr(GHashTable) spans = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  const gsize head = strlen (LAYOUT_HEAD), tail = strlen (LAYOUT_TAIL), entry = strlen (ENTRY_HEAD);
  gsize pos, end;

  if (length < head + tail || memcmp (text, LAYOUT_HEAD, head) != 0
      || memcmp (text + length - tail, LAYOUT_TAIL, tail) != 0)
    return FALSE;
  end = length - tail;
  for (pos = head; pos < end;)
    {
      const char *line, *stop;
      gsize n;
      Span *span;

      if (text[pos] != '\n')
        return FALSE;
      line = text + pos + 1;
      stop = memchr (line, '\n', end - (pos + 1));
      n = (stop != NULL ? (gsize) (stop - line) : end - (pos + 1));
      pos += 1 + n;
      /* Every entry but the last ends in the comma that parts it from the
       * next one. */
      if (pos < end)
        {
          if (n == 0 || line[n - 1] != ',')
            return FALSE;
          n--;
        }
      if (n < entry + KEY_LENGTH + 1 || memcmp (line, ENTRY_HEAD, entry) != 0
          || !is_key_text (line + entry) || line[n - 1] != '}'
          || g_hash_table_size (spans) >= XQ_PROOFS_MAX_ENTRIES)
        return FALSE;
      span = g_new (Span, 1);
      span->start = (gsize) (line - text);
      span->length = n;
      g_hash_table_replace (spans, g_strndup (line + entry, KEY_LENGTH), span);
    }
  g_hash_table_unref (proofs->pending);
  proofs->pending = g_steal_pointer (&spans);
  return TRUE;
}

/* Reads the entry the index holds for key, if any (lock held). */
static void
read_pending (XqProofs *proofs, const char *key)
{
  g_autoptr(JsonParser) parser = NULL;
  Span *span = g_hash_table_lookup (proofs->pending, key);
  char *read_key = NULL;
  Proof *p;

  if (span == NULL)
    return;
  parser = parse (proofs->text + span->start, span->length, NULL);
  p = parser != NULL ? read_entry (json_parser_get_root (parser), &read_key) : NULL;
  /* The line's key must be the entry's own, or the index pointed the
   * lookup at another position's proof. */
  if (p != NULL && strcmp (read_key, key) == 0)
    insert_locked (proofs, read_key, p);
  else if (p != NULL)
    {
      g_free (read_key);
      proof_free (p);
    }
  g_hash_table_remove (proofs->pending, key);
}

static void
read_all_pending (XqProofs *proofs)
{
  g_autoptr(GPtrArray) keys = g_ptr_array_new_with_free_func (g_free);
  GHashTableIter it;
  gpointer key;

  /* read_pending removes what it reads: the keys are copied first. */
  g_hash_table_iter_init (&it, proofs->pending);
  while (g_hash_table_iter_next (&it, &key, NULL))
    g_ptr_array_add (keys, g_strdup (key));
  for (guint i = 0; i < keys->len; i++)
    read_pending (proofs, g_ptr_array_index (keys, i));
}

/* Takes text (NUL-ended at length). */
static gboolean
index_text (XqProofs *proofs, const char *name, char *text, gsize length, GError **error)
{
  gboolean ok;

  g_mutex_lock (&proofs->lock);
  if (proofs->text == NULL && g_hash_table_size (proofs->table) == 0
      && strlen (text) == length && index_layout (proofs, text, length))
    {
      proofs->text = text;
      g_mutex_unlock (&proofs->lock);
      return TRUE;
    }
  g_mutex_unlock (&proofs->lock);
  /* Written some other way (or a second file): read every entry now. */
  ok = load_all (proofs, name, text, length, NULL, error);
  g_free (text);
  return ok;
}

gboolean
xq_proofs_index_file (XqProofs *proofs, const char *path, GError **error)
{
  char *data = NULL;
  gsize length;

  g_return_val_if_fail (proofs != NULL && path != NULL, FALSE);
  if (!xq_safe_file_read (path, XQ_PROOFS_MAX_BYTES, &data, &length, error))
    return FALSE;
  return index_text (proofs, path, data, length, error);
}

gboolean
xq_proofs_index_data (XqProofs *proofs, const char *name, const char *data, gsize length,
                      GError **error)
{
  char *text;

  g_return_val_if_fail (proofs != NULL && name != NULL && data != NULL, FALSE);
  text = g_malloc (length + 1);
  memcpy (text, data, length);
  text[length] = '\0';
  return index_text (proofs, name, text, length, error);
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* The keys, in order (called with the lock held). */
static GPtrArray *
sorted_keys (XqProofs *proofs)
{
  GPtrArray *keys = g_ptr_array_new ();
  GHashTableIter it;
  gpointer k;

  g_hash_table_iter_init (&it, proofs->table);
  while (g_hash_table_iter_next (&it, &k, NULL))
    g_ptr_array_add (keys, k);
  g_ptr_array_sort (keys, compare_strings);
  return keys;
}


gboolean
xq_proofs_save_file (XqProofs *proofs, const char *path, GError **error)
{
  g_autoptr(GString) out = g_string_new (LAYOUT_HEAD);
  g_autoptr(GPtrArray) keys = NULL;

  g_return_val_if_fail (proofs != NULL && path != NULL, FALSE);
  g_mutex_lock (&proofs->lock);
  read_all_pending (proofs);
  keys = sorted_keys (proofs);
  for (guint i = 0; i < keys->len; i++)
    {
      const char *key = g_ptr_array_index (keys, i);
      Proof *p = g_hash_table_lookup (proofs->table, key);

      g_string_append_printf (out, "%s\n" ENTRY_HEAD "%s\", \"fen\": \"%s\", \"mate-in\": %d, \"mate\": %d, \"keys\": [",
                              i > 0 ? "," : "", key, p->fen, p->n, p->mate);
      for (int k = 0; k < p->n_keys; k++)
        {
          char text[5];

          xq_move_to_iccs (p->keys[k], text);
          g_string_append_printf (out, "%s\"%s\"", k > 0 ? ", " : "", text);
        }
      g_string_append (out, "] }");
    }
  g_mutex_unlock (&proofs->lock);
  g_string_append (out, LAYOUT_TAIL);
  return xq_safe_file_write (path, out->str, (gssize) out->len, error);
}

char *
xq_proofs_diff (XqProofs *a, XqProofs *b, const char *a_name, const char *b_name)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GPtrArray) keys = NULL;

  g_return_val_if_fail (a != NULL && b != NULL && a != b, NULL);
  g_mutex_lock (&a->lock);
  g_mutex_lock (&b->lock);
  read_all_pending (a);
  read_all_pending (b);
  keys = sorted_keys (a);
  for (guint i = 0; i < keys->len; i++)
    {
      const char *key = g_ptr_array_index (keys, i);
      Proof *p = g_hash_table_lookup (a->table, key);
      Proof *q = g_hash_table_lookup (b->table, key);

      if (q == NULL)
        g_string_append_printf (out, "%s: mate in %d from %s is in %s, not in %s\n",
                                key, p->n, p->fen, a_name, b_name);
      else if (p->mate != q->mate || p->n_keys != q->n_keys
               || memcmp (p->keys, q->keys, sizeof (XqMove) * (gsize) p->n_keys) != 0)
        g_string_append_printf (out, "%s: mate in %d from %s: %s and %s disagree (mate %d vs %d, %d vs %d keys)\n",
                                key, p->n, p->fen, a_name, b_name, p->mate, q->mate, p->n_keys, q->n_keys);
    }
  g_mutex_unlock (&b->lock);
  g_mutex_unlock (&a->lock);
  return out->len > 0 ? g_string_free (g_steal_pointer (&out), FALSE) : NULL;
}

/* ---- The process-wide proofs -------------------------------------------- */

static XqProofs *record;   /* shipped, proved by the data suite */
static XqProofs *cache;    /* proved here, for content the record lacks */
G_LOCK_DEFINE_STATIC (runtime);

char *
xq_proofs_cache_path (void)
{
  return g_build_filename (g_get_user_cache_dir (), "xiangqi-tutor", "proofs.json", NULL);
}

static void
ensure_loaded (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *record_path = NULL;
  g_autofree char *cache_path = NULL;

  if (record != NULL)
    return;
  record = xq_proofs_new ();
  record_path = g_build_filename (xq_lesson_default_dir (), "proofs.record", NULL);
  /* Indexed, not read: a start-up looks up the few mates of the units,
   * not the hundreds of the puzzle packs. */
  if (!xq_proofs_index_file (record, record_path, &error))
    g_debug ("No proof record: %s", error->message);
  g_clear_error (&error);
  cache = xq_proofs_new ();
  cache_path = xq_proofs_cache_path ();
  /* A damaged cache costs only time: its proofs are made again. */
  if (!xq_proofs_index_file (cache, cache_path, &error))
    {
      g_clear_pointer (&cache, xq_proofs_free);
      cache = xq_proofs_new ();
    }
}

gboolean
xq_proofs_known (const XqPosition *pos, int n, XqSolution *out)
{
  gboolean found;

  G_LOCK (runtime);
  ensure_loaded ();
  found = xq_proofs_lookup (record, pos, n, out) || xq_proofs_lookup (cache, pos, n, out);
  G_UNLOCK (runtime);
  return found;
}

/* Whether proofs has an entry for key, read or not. */
static gboolean
holds_key (XqProofs *proofs, const char *key)
{
  gboolean held;

  g_mutex_lock (&proofs->lock);
  held = g_hash_table_contains (proofs->table, key) || g_hash_table_contains (proofs->pending, key);
  g_mutex_unlock (&proofs->lock);
  return held;
}

guint
xq_proofs_remember_all (XqProofs *made)
{
  g_autofree char *path = NULL;
  g_autofree char *dir = NULL;
  g_autoptr(GError) error = NULL;
  GHashTableIter it;
  gpointer key, value;
  guint added = 0, lost = 0;

  g_return_val_if_fail (made != NULL, 0);
  if (xq_proofs_size (made) == 0)
    return 0;
  path = xq_proofs_cache_path ();
  dir = g_path_get_dirname (path);
  G_LOCK (runtime);
  ensure_loaded ();
  g_mutex_lock (&made->lock);
  g_hash_table_iter_init (&it, made->table);
  while (g_hash_table_iter_next (&it, &key, &value))
    {
      Proof *copy;

      if (holds_key (record, key) || holds_key (cache, key))
        continue;
      copy = g_memdup2 (value, sizeof *copy);
      copy->fen = g_strdup (copy->fen);
      if (insert (cache, g_strdup (key), copy))
        added++;
      else
        lost++;
    }
  g_mutex_unlock (&made->lock);
  if (added > 0
      && (g_mkdir_with_parents (dir, 0700) != 0 || !xq_proofs_save_file (cache, path, &error)))
    {
      g_debug ("Could not keep the proofs in %s: %s", path, error ? error->message : g_strerror (errno));
      lost += added;
    }
  G_UNLOCK (runtime);
  return lost;
}

guint
xq_proofs_cache_room (void)
{
  guint held;

  G_LOCK (runtime);
  ensure_loaded ();
  g_mutex_lock (&cache->lock);
  held = held_locked (cache);
  g_mutex_unlock (&cache->lock);
  G_UNLOCK (runtime);
  return held >= XQ_PROOFS_MAX_ENTRIES ? 0 : XQ_PROOFS_MAX_ENTRIES - held;
}

void
xq_proofs_reset (void)
{
  G_LOCK (runtime);
  g_clear_pointer (&record, xq_proofs_free);
  g_clear_pointer (&cache, xq_proofs_free);
  G_UNLOCK (runtime);
}
