/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The files of a class folder (docs/class.md, "The class folder"): the
 * first byte chooses the reader, the rest is the file.  Even: the class
 * file; what it accepts is written back and read again to the same class.
 * Odd: a learner's file; what it accepts is written back, read again
 * without a problem to the same bytes, and merging it into itself changes
 * nothing.  Any other bytes give an error that is UTF-8 text. */
#include "config.h"

#include "xq-class-folder.h"
#include "xq-class-learner.h"
#include "fuzz-common.h"

static void
class_file (const char *data, size_t size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(XqClassInfo) info = xq_class_info_load_data (data, size, "class.xqclass", &error);
  g_autoptr(XqClassInfo) again = NULL;
  g_autofree char *text = NULL;
  gsize length = 0;

  if (info == NULL)
    {
      if (error == NULL || !g_utf8_validate (error->message, -1, NULL))
        abort ();
      return;
    }
  text = xq_class_info_to_data (info, &length);
  again = xq_class_info_load_data (text, length, "class.xqclass", NULL);
  if (again == NULL || strcmp (again->id, info->id) != 0 || strcmp (again->name, info->name) != 0 ||
      strcmp (again->created, info->created) != 0 || g_strcmp0 (again->folder, info->folder) != 0)
    abort ();
}

static void
learner_file (const char *data, size_t size)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *problem = NULL;
  g_autofree char *problem2 = NULL;
  g_autoptr(XqClassLearner) l = xq_class_learner_load_data (data, size, "mei", "mei.json", &problem, &error);
  g_autoptr(XqClassLearner) again = NULL;
  g_autofree char *text = NULL;
  g_autofree char *text2 = NULL;
  gsize length = 0, length2 = 0;

  if (l == NULL)
    {
      if (error == NULL || !g_utf8_validate (error->message, -1, NULL))
        abort ();
      return;
    }
  if (problem != NULL && !g_utf8_validate (problem, -1, NULL))
    abort ();
  text = xq_class_learner_to_data (l, &length);
  again = xq_class_learner_load_data (text, length, "mei", "mei.json", &problem2, NULL);
  if (again == NULL || problem2 != NULL)
    abort ();
  text2 = xq_class_learner_to_data (again, &length2);
  if (length != length2 || memcmp (text, text2, length) != 0)
    abort ();
  if (xq_class_learner_merge (again, l))
    abort ();
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  fuzz_init ();
  if (size < 1 || size > 256 * 1024)
    return 0;
  if (data[0] % 2 == 0)
    class_file ((const char *) data + 1, size - 1);
  else
    learner_file ((const char *) data + 1, size - 1);
  return 0;
}
