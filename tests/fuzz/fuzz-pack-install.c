/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The pack installer: a pack that loads installs into an empty folder
 * (created afresh for each input under a private temporary directory, then
 * removed), writes only plain files inside it, and installing it a second
 * time is refused and leaves the folder as it was. */
#include "config.h"

#include <glib/gstdio.h>

#include "xq-pack.h"
#include "fuzz-common.h"

static char *root;

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  if (dir != NULL)
    while ((name = g_dir_read_name (dir)) != NULL)
      {
        g_autofree char *child = g_build_filename (path, name, NULL);
        if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
          remove_tree (child);
        else
          g_unlink (child);
      }
  g_rmdir (path);
}

static guint
count_entries (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  guint n = 0;

  if (dir != NULL)
    while (g_dir_read_name (dir) != NULL)
      n++;
  return n;
}

static void
cleanup (void)
{
  if (root != NULL)
    remove_tree (root);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr(GPtrArray) problems = xq_pack_problems_new ();
  g_autoptr(XqPack) pack = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dest = NULL;

  fuzz_init ();
  if (root == NULL)
    {
      root = g_dir_make_tmp ("xq-fuzz-install-XXXXXX", NULL);
      if (root == NULL)
        abort ();
      atexit (cleanup);
    }
  if (size > 256 * 1024)
    return 0;
  pack = xq_pack_load_data ((const char *) data, (gssize) size, "fuzz.xqpack", problems);
  if (pack == NULL)
    return 0;

  dest = g_build_filename (root, "units", NULL);
  if (!xq_pack_install (pack, dest, &error))
    {
      /* Two entries may only clash on disk, never inside a loaded pack. */
      fprintf (stderr, "a loaded pack does not install into an empty folder: %s\n", error->message);
      abort ();
    }
  if (count_entries (dest) != pack->entries->len || count_entries (root) != 1)
    abort ();
  for (guint i = 0; i < pack->entries->len; i++)
    {
      const XqPackEntry *entry = pack->entries->pdata[i];
      g_autofree char *path = g_build_filename (dest, entry->name, NULL);
      if (!g_file_test (path, G_FILE_TEST_IS_REGULAR) || g_file_test (path, G_FILE_TEST_IS_SYMLINK))
        abort ();
    }
  if (pack->entries->len > 0)
    {
      g_autoptr(GError) again = NULL;
      if (xq_pack_install (pack, dest, &again) || count_entries (dest) != pack->entries->len)
        abort ();
    }
  remove_tree (dest);
  return 0;
}
