/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "xq-safe-file"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "xq-safe-file.h"

/* A save takes milliseconds; a temporary file this old belongs to no save
 * that can still finish, whatever its process id says (ids are reused). */
#define STALE_AGE_SECONDS (10 * 60)

static gboolean
set_errno_error (GError **error, int saved_errno, const char *path, const char *what)
{
  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
               "%s: %s%s%s", path, what ? what : "", what ? ": " : "", g_strerror (saved_errno));
  return FALSE;
}

gboolean
xq_safe_file_read (const char *path, gsize max, char **contents, gsize *length, GError **error)
{
  g_autofree char *buf = NULL;
  struct stat st;
  gsize got = 0;
  int fd;

  g_return_val_if_fail (path != NULL && contents != NULL, FALSE);
  *contents = NULL;
  if (length)
    *length = 0;
  /* Without O_NONBLOCK, opening a named pipe waits for a writer that may
   * never come (the app would freeze on a profile or an event file that
   * is a FIFO).  For a regular file the flag changes nothing, and it is
   * cleared once the file is known to be one. */
  fd = g_open (path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY, 0);
  if (fd < 0)
    return set_errno_error (error, errno, path, NULL);
  if (fstat (fd, &st) != 0)
    {
      int saved = errno;
      close (fd);
      return set_errno_error (error, saved, path, NULL);
    }
  if (!S_ISREG (st.st_mode))
    {
      close (fd);
      /* Translators: a learner's or an event's file is a device, a pipe
       * or a folder instead of a file. */
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, _("%s: not a regular file"), path);
      return FALSE;
    }
  {
    int flags = fcntl (fd, F_GETFL);
    if (flags >= 0)
      (void) fcntl (fd, F_SETFL, flags & ~O_NONBLOCK);
  }
  if ((guint64) st.st_size > max)
    {
      g_autofree char *size = g_strdup_printf ("%" G_GUINT64_FORMAT, (guint64) st.st_size);
      g_autofree char *limit = g_strdup_printf ("%" G_GSIZE_FORMAT, max);

      close (fd);
      /* Translators: a file's path, its size and the limit, in bytes. */
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
                   _("%s: %s bytes, more than the %s such a file may have"), path, size, limit);
      return FALSE;
    }
  /* One byte more than allowed tells a file that grew since fstat. */
  buf = g_malloc (max + 2);
  while (got <= max)
    {
      ssize_t n = read (fd, buf + got, max + 1 - got);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved = errno;
          close (fd);
          return set_errno_error (error, saved, path, NULL);
        }
      if (n == 0)
        break;
      got += (gsize) n;
    }
  close (fd);
  if (got > max)
    {
      g_autofree char *limit = g_strdup_printf ("%" G_GSIZE_FORMAT, max);

      /* Translators: a file's path and the limit, in bytes. */
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
                   _("%s: more than the %s bytes such a file may have"), path, limit);
      return FALSE;
    }
  buf[got] = '\0';
  *contents = g_realloc (g_steal_pointer (&buf), got + 1);
  if (length)
    *length = got;
  return TRUE;
}

/* Links followed before a save gives up (a loop of links). */
#define MAX_LINKS 16

/* The file a save must replace: path itself, or where its chain of
 * symbolic links ends, so that the save writes through a link instead of
 * replacing the link with a file.  NULL with an error for a loop. */
static char *
resolve_links (const char *path, GError **error)
{
  g_autofree char *at = g_strdup (path);

  for (int i = 0; i < MAX_LINKS; i++)
    {
      g_autofree char *target = g_file_read_link (at, NULL);
      g_autofree char *dir = NULL;

      if (target == NULL)
        return g_steal_pointer (&at);
      if (g_path_is_absolute (target))
        {
          g_free (at);
          at = g_steal_pointer (&target);
          continue;
        }
      dir = g_path_get_dirname (at);
      g_free (at);
      at = g_build_filename (dir, target, NULL);
    }
  return set_errno_error (error, ELOOP, path, _("cannot save")), NULL;
}

gboolean
xq_safe_file_write (const char *path, const char *data, gssize length, GError **error)
{
  g_autofree char *tmp = NULL;
  g_autofree char *real = NULL;
  const char *named = path;
  gsize len, done = 0;
  int fd;

  g_return_val_if_fail (path != NULL && data != NULL, FALSE);
  /* Messages name the file as the caller knows it (named); the bytes go
   * to the end of its links (path from here on). */
  if ((real = resolve_links (path, error)) == NULL)
    return FALSE;
  path = real;
  len = length < 0 ? strlen (data) : (gsize) length;
  /* The temporary file stands beside the file it replaces (path, the end
   * of the links), since a rename cannot cross file systems. */
  /* The process id in the name lets a later save tell a temporary file
   * whose writer was killed from one still being written. */
  tmp = g_strdup_printf ("%s.tmp-%d-XXXXXX", path, (int) getpid ());
  fd = g_mkstemp_full (tmp, O_RDWR | O_CLOEXEC, 0600);
  if (fd < 0)
    return set_errno_error (error, errno, named, _("cannot save"));
  while (done < len)
    {
      ssize_t n = write (fd, data + done, len - done);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved = errno;
          close (fd);
          g_unlink (tmp);
          return set_errno_error (error, saved, named, _("cannot save"));
        }
      done += (gsize) n;
    }
  /* On disk before the rename, or a power cut could leave an empty file
   * under the good name. */
  if (fsync (fd) != 0 && errno != EINVAL)
    {
      int saved = errno;
      close (fd);
      g_unlink (tmp);
      return set_errno_error (error, saved, named, _("cannot save"));
    }
  if (close (fd) != 0)
    {
      int saved = errno;
      g_unlink (tmp);
      return set_errno_error (error, saved, named, _("cannot save"));
    }
  if (g_rename (tmp, path) != 0)
    {
      int saved = errno;
      g_unlink (tmp);
      return set_errno_error (error, saved, named, _("cannot save"));
    }
  return TRUE;
}

char *
xq_safe_file_set_aside (const char *path, GError **error)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");

  g_return_val_if_fail (path != NULL, NULL);
  for (int n = 1; n <= 100; n++)
    {
      g_autofree char *target = n == 1 ? g_strdup_printf ("%s.damaged-%s", path, stamp)
                                       : g_strdup_printf ("%s.damaged-%s-%d", path, stamp, n);

      /* A hard link never replaces an existing name, unlike rename. */
      if (link (path, target) == 0)
        {
          if (g_unlink (path) != 0)
            {
              int saved = errno;
              g_unlink (target);
              set_errno_error (error, saved, path, NULL);
              return NULL;
            }
          return g_steal_pointer (&target);
        }
      if (errno == EEXIST)
        continue;
      if (errno == ENOENT)
        {
          set_errno_error (error, errno, path, NULL);
          return NULL;
        }
      /* A file system without hard links: only this program writes here,
       * so looking first is enough. */
      if (g_file_test (target, G_FILE_TEST_EXISTS))
        continue;
      if (g_rename (path, target) == 0)
        return g_steal_pointer (&target);
      set_errno_error (error, errno, path, NULL);
      return NULL;
    }
  g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_EXIST, "%s: too many damaged copies already", path);
  return NULL;
}

/* "<base>.tmp-<pid>-XXXXXX" from xq_safe_file_write; *pid is 0 for the
 * "<base>.XXXXXX" that g_file_set_contents left in earlier versions. */
static gboolean
parse_temp_name (const char *name, const char *base, int *pid)
{
  size_t blen = strlen (base);
  const char *p;
  gboolean lower_only = TRUE;

  *pid = 0;
  if (strncmp (name, base, blen) != 0 || name[blen] != '.')
    return FALSE;
  p = name + blen + 1;
  if (g_str_has_prefix (p, "tmp-"))
    {
      char *end = NULL;
      gint64 v;

      p += 4;
      if (!g_ascii_isdigit (*p))
        return FALSE;
      v = g_ascii_strtoll (p, &end, 10);
      if (end == NULL || *end != '-' || v <= 0 || v > G_MAXINT || strlen (end + 1) != 6)
        return FALSE;
      for (const char *c = end + 1; *c; c++)
        if (!g_ascii_isalnum (*c))
          return FALSE;
      *pid = (int) v;
      return TRUE;
    }
  if (strlen (p) != 6)
    return FALSE;
  for (const char *c = p; *c; c++)
    {
      if (!g_ascii_isalnum (*c))
        return FALSE;
      lower_only &= g_ascii_islower (*c);
    }
  /* glib's six random letters and digits; an all-lower-case word such as
   * "backup" is more likely a copy a person made, so it stays. */
  return !lower_only;
}

gboolean
xq_safe_file_is_temp_name (const char *file_name, const char *base)
{
  int pid;

  g_return_val_if_fail (file_name != NULL && base != NULL, FALSE);
  return parse_temp_name (file_name, base, &pid);
}

gboolean
xq_safe_file_is_damaged_name (const char *file_name, const char *base)
{
  size_t blen;

  g_return_val_if_fail (file_name != NULL && base != NULL, FALSE);
  blen = strlen (base);
  return strncmp (file_name, base, blen) == 0 && g_str_has_prefix (file_name + blen, ".damaged-");
}

static gboolean
temp_is_stale (const char *path, int pid)
{
  struct stat st;

  if (pid == 0)
    return TRUE;   /* nothing writes the old kind any more */
  if (g_stat (path, &st) == 0 && (gint64) st.st_mtime < g_get_real_time () / G_USEC_PER_SEC - STALE_AGE_SECONDS)
    return TRUE;
  if (pid == (int) getpid ())
    return FALSE;  /* our own saves finish before anything cleans */
  return kill ((pid_t) pid, 0) != 0 && errno == ESRCH;
}

/* Every sibling of path that matches; with all, temporary files still
 * being written too. */
static guint
remove_siblings (const char *path, gboolean temps, gboolean damaged, gboolean all)
{
  /* Temporary files stand beside the file a link points to (see above). */
  g_autofree char *linked = temps && !damaged ? resolve_links (path, NULL) : NULL;
  g_autofree char *target = linked != NULL ? g_steal_pointer (&linked) : g_strdup (path);
  g_autofree char *dir = g_path_get_dirname (target);
  g_autofree char *base = g_path_get_basename (target);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint removed = 0;

  if (d == NULL)
    return 0;
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *child = NULL;
      int pid = 0;
      gboolean is_temp = temps && parse_temp_name (name, base, &pid);

      if (!is_temp && !(damaged && xq_safe_file_is_damaged_name (name, base)))
        continue;
      child = g_build_filename (dir, name, NULL);
      if (is_temp && !all && !temp_is_stale (child, pid))
        continue;
      if (g_unlink (child) == 0)
        removed++;
    }
  return removed;
}

guint
xq_safe_file_clean_temps (const char *path)
{
  g_return_val_if_fail (path != NULL, 0);
  return remove_siblings (path, TRUE, FALSE, FALSE);
}

void
xq_safe_file_remove_copies (const char *path)
{
  g_return_if_fail (path != NULL);
  remove_siblings (path, TRUE, TRUE, TRUE);
}

gboolean
xq_safe_file_remove_all (const char *path, GError **error)
{
  g_return_val_if_fail (path != NULL, FALSE);
  xq_safe_file_remove_copies (path);
  if (g_unlink (path) != 0 && errno != ENOENT)
    return set_errno_error (error, errno, path, NULL);
  return TRUE;
}
