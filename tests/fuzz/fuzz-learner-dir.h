/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-learner-dir.h: a scratch learners directory for the harnesses whose
 * readers take a directory, not bytes (the progress store and the class
 * list).  One directory a process, emptied before every input, so each
 * input meets the same empty store and nothing piles up on disk.  It is
 * made in /dev/shm where there is one: the store syncs every file it
 * writes, and on a disk that costs the fuzzer most of its speed. */
#pragma once

#include <glib/gstdio.h>

#include "fuzz-common.h"

static char *fuzz_learner_dir_path;

static void fuzz_learner_dir_empty (void);

/* Left behind, the directories would fill /dev/shm run after run. */
static void
fuzz_learner_dir_remove (void)
{
  fuzz_learner_dir_empty ();
  g_rmdir (fuzz_learner_dir_path);
}

static const char *
fuzz_learner_dir (void)
{
  char *dir = fuzz_learner_dir_path;

  if (dir == NULL)
    {
      if (g_file_test ("/dev/shm", G_FILE_TEST_IS_DIR))
        {
          char tmpl[] = "/dev/shm/xq-fuzz-XXXXXX";
          dir = g_mkdtemp (tmpl) != NULL ? g_strdup (tmpl) : NULL;
        }
      if (dir == NULL)
        dir = g_dir_make_tmp ("xq-fuzz-XXXXXX", NULL);
      if (dir == NULL)
        abort ();
      fuzz_learner_dir_path = dir;
      atexit (fuzz_learner_dir_remove);
    }
  return dir;
}

/* Only plain files are ever written there; anything else is a bug. */
static void
fuzz_learner_dir_empty (void)
{
  const char *dir = fuzz_learner_dir ();
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  if (d == NULL)
    abort ();
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      if (g_unlink (path) != 0)
        abort ();
    }
}

static void
fuzz_learner_dir_write (const char *name, const char *data, gsize size)
{
  g_autofree char *path = g_build_filename (fuzz_learner_dir (), name, NULL);

  if (!g_file_set_contents (path, data, (gssize) size, NULL))
    abort ();
}
