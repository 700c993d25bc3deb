/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-pack-install.c: putting a loaded lesson pack's units and puzzle packs
 * into a folder (xq-pack.h, xq_pack_install): checked against what is
 * there, written into a private temporary folder, linked into place
 * without replacing anything, and nothing left behind on an error. */
#define G_LOG_DOMAIN "xq-pack"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "xq-json-bounded.h"
#include "xq-pack.h"

/* The type and id a lesson file in the destination claims, read without
 * validating it; FALSE if it is not a readable lesson file. */
static gboolean
peek_id (const char *path, XqLessonFileType *type, char **id)
{
  g_autoptr(JsonParser) parser = NULL;
  g_autofree char *data = NULL;
  g_autofree char *where = NULL;
  gsize length;
  JsonObject *obj;
  const char *t, *s;

  if (!xq_json_read_bounded (path, XQ_PACK_MAX_BYTES, &data, &length, NULL) ||
      (parser = xq_json_parse_bounded (data, length, XQ_PACK_MAX_BYTES, &where, NULL)) == NULL ||
      !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    return FALSE;
  obj = json_node_get_object (json_parser_get_root (parser));
  t = xq_json_member_string (obj, "type", NULL);
  s = xq_json_member_string (obj, "id", NULL);
  if (t == NULL || s == NULL)
    return FALSE;
  if (strcmp (t, "unit") == 0)
    *type = XQ_LESSON_FILE_UNIT;
  else if (strcmp (t, "pack") == 0)
    *type = XQ_LESSON_FILE_PACK;
  else
    return FALSE;
  *id = g_strdup (s);
  return TRUE;
}

/* Refuses an install that would replace a file or reuse an id in dir. */
static gboolean
check_destination (const XqPack *pack, const char *dir, GError **error)
{
  g_autoptr(GDir) d = NULL;
  const char *name;

  for (guint i = 0; i < pack->entries->len; i++)
    {
      const XqPackEntry *e = g_ptr_array_index (pack->entries, i);
      g_autofree char *path = g_build_filename (dir, e->name, NULL);
      GStatBuf st;

      /* lstat: a symbolic link, even a dangling one, counts as taken. */
      if (g_lstat (path, &st) == 0 || errno != ENOENT)
        {
          g_set_error (error, XQ_PACK_ERROR, XQ_PACK_ERROR_EXISTS,
                       _("%s already exists; remove it first to import this pack"), path);
          return FALSE;
        }
    }

  d = g_dir_open (dir, 0, error);
  if (d == NULL)
    return FALSE;
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autofree char *id = NULL;
      XqLessonFileType type;
      GStatBuf st;

      if (!g_str_has_suffix (name, ".json"))
        continue;
      path = g_build_filename (dir, name, NULL);
      if (g_lstat (path, &st) != 0 || !S_ISREG (st.st_mode) || st.st_size > XQ_PACK_MAX_BYTES ||
          !peek_id (path, &type, &id))
        continue;
      for (guint i = 0; i < pack->entries->len; i++)
        {
          const XqPackEntry *e = g_ptr_array_index (pack->entries, i);
          if (e->type == type && strcmp (e->id, id) == 0)
            {
              g_set_error (error, XQ_PACK_ERROR, XQ_PACK_ERROR_EXISTS,
                           type == XQ_LESSON_FILE_UNIT
                           ? _("the unit id “%s” of “%s” is already used by %s")
                           : _("the puzzle pack id “%s” of “%s” is already used by %s"),
                           id, e->name, path);
              return FALSE;
            }
        }
    }
  return TRUE;
}

static gboolean
write_new_file (const char *path, const char *data, GError **error)
{
  size_t left = strlen (data);
  int fd;

  /* O_EXCL and O_NOFOLLOW: the folder is our fresh private one, but never
   * write through anything that appeared in it. */
  fd = open (path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (fd < 0)
    goto fail;
  while (left > 0)
    {
      ssize_t n = write (fd, data, left);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          int saved = errno;
          close (fd);
          errno = saved;
          goto fail;
        }
      data += n;
      left -= (size_t) n;
    }
  if (fsync (fd) != 0 || close (fd) != 0)
    goto fail;
  return TRUE;

fail:
  {
    int saved = errno;
    g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                 "%s: %s", path, g_strerror (saved));
    return FALSE;
  }
}

/* Removes the folders from dir up to (and including) top, which were
 * created for this install; a folder that is not empty stays. */
static void
remove_created (const char *dir, const char *top)
{
  g_autofree char *d = g_strdup (dir);

  while (d != NULL)
    {
      char *parent;
      if (g_rmdir (d) != 0 || strcmp (d, top) == 0)
        break;
      parent = g_path_get_dirname (d);
      g_free (d);
      d = parent;
    }
}

gboolean
xq_pack_install (const XqPack *pack, const char *dir, GError **error)
{
  g_autofree char *top_created = NULL;
  g_autofree char *tmp = NULL;
  g_autoptr(GError) local = NULL;
  guint n_written = 0, n_linked = 0;
  gboolean ok = FALSE;

  g_return_val_if_fail (pack != NULL, FALSE);
  g_return_val_if_fail (dir != NULL, FALSE);

  /* Names were sanitised when the entries were made; check once more, as a
   * pack built in code might not have come through the loader. */
  for (guint i = 0; i < pack->entries->len; i++)
    {
      const XqPackEntry *e = g_ptr_array_index (pack->entries, i);
      g_autofree char *safe = xq_pack_sanitize_name (e->name, error);
      if (safe == NULL)
        return FALSE;
      if (strcmp (safe, e->name) != 0)
        {
          g_set_error (error, XQ_PACK_ERROR, XQ_PACK_ERROR_BAD_NAME,
                       _("the name “%s” is not a safe file name"), e->name);
          return FALSE;
        }
    }

  if (!g_file_test (dir, G_FILE_TEST_EXISTS))
    {
      g_autofree char *top = g_strdup (dir);
      for (;;)
        {
          g_autofree char *parent = g_path_get_dirname (top);
          if (strcmp (parent, top) == 0 || g_file_test (parent, G_FILE_TEST_EXISTS))
            break;
          g_free (top);
          top = g_steal_pointer (&parent);
        }
      if (g_mkdir_with_parents (dir, 0755) != 0)
        {
          int saved = errno;
          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                       "%s: %s", dir, g_strerror (saved));
          return FALSE;
        }
      top_created = g_steal_pointer (&top);
    }
  else if (!g_file_test (dir, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_DIRECTORY, _("%s is not a folder"), dir);
      return FALSE;
    }

  if (!check_destination (pack, dir, &local))
    goto out;

  tmp = g_build_filename (dir, ".xqpack-XXXXXX", NULL);
  if (g_mkdtemp_full (tmp, 0700) == NULL)
    {
      int saved = errno;
      g_set_error (&local, G_IO_ERROR, g_io_error_from_errno (saved),
                   "%s: %s", dir, g_strerror (saved));
      g_clear_pointer (&tmp, g_free);
      goto out;
    }
  for (; n_written < pack->entries->len; n_written++)
    {
      const XqPackEntry *e = g_ptr_array_index (pack->entries, n_written);
      g_autofree char *path = g_build_filename (tmp, e->name, NULL);
      if (!write_new_file (path, e->document, &local))
        goto out;
    }
  /* link() never replaces an existing name, so a file that appeared since
   * the check is refused too, and the rollback only removes our own. */
  for (; n_linked < pack->entries->len; n_linked++)
    {
      const XqPackEntry *e = g_ptr_array_index (pack->entries, n_linked);
      g_autofree char *from = g_build_filename (tmp, e->name, NULL);
      g_autofree char *to = g_build_filename (dir, e->name, NULL);
      if (link (from, to) != 0)
        {
          int saved = errno;
          if (saved == EEXIST)
            g_set_error (&local, XQ_PACK_ERROR, XQ_PACK_ERROR_EXISTS,
                         _("%s already exists; remove it first to import this pack"), to);
          else
            g_set_error (&local, G_IO_ERROR, g_io_error_from_errno (saved),
                         "%s: %s", to, g_strerror (saved));
          goto out;
        }
    }
  ok = TRUE;

out:
  if (!ok)
    for (guint i = 0; i < n_linked; i++)
      {
        const XqPackEntry *e = g_ptr_array_index (pack->entries, i);
        g_autofree char *to = g_build_filename (dir, e->name, NULL);
        g_unlink (to);
      }
  if (tmp != NULL)
    {
      for (guint i = 0; i < n_written && i < pack->entries->len; i++)
        {
          const XqPackEntry *e = g_ptr_array_index (pack->entries, i);
          g_autofree char *path = g_build_filename (tmp, e->name, NULL);
          g_unlink (path);
        }
      /* A file whose write failed half-way may still be there. */
      if (!ok && n_written < pack->entries->len)
        {
          const XqPackEntry *e = g_ptr_array_index (pack->entries, n_written);
          g_autofree char *path = g_build_filename (tmp, e->name, NULL);
          g_unlink (path);
        }
      g_rmdir (tmp);
    }
  if (!ok)
    {
      if (top_created != NULL)
        remove_created (dir, top_created);
      g_propagate_error (error, g_steal_pointer (&local));
    }
  return ok;
}

