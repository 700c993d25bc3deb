/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A learner's review queue and puzzle ratings, the two files written beside
 * the progress file: the first byte picks which.  Any bytes load or give an
 * error; what loads writes back to data that loads again to the same
 * bytes, so a salvaged file never changes on its second save. */
#include "config.h"

#include "xq-rating.h"
#include "xq-review.h"
#include "fuzz-common.h"

static void
check_review (const char *data, size_t size)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *first = NULL;
  guint problems = 0;
  g_autoptr(XqReview) review = xq_review_load_data (data, (gssize) size, "mei", "fuzz.review.json",
                                                    &problems, &first, &error);
  if (review == NULL)
    {
      if (error == NULL || !g_utf8_validate (error->message, -1, NULL))
        abort ();
      return;
    }
  if (problems > 0 && (first == NULL || !g_utf8_validate (first, -1, NULL)))
    abort ();
  {
    g_autofree char *out = xq_review_to_data (review);
    g_autoptr(XqReview) again = xq_review_load_data (out, -1, "mei", "again.review.json", &problems, NULL, NULL);
    g_autofree char *out2 = again != NULL ? xq_review_to_data (again) : NULL;

    if (again == NULL || problems != 0 || xq_review_get_n_items (again) != xq_review_get_n_items (review) ||
        strcmp (out, out2) != 0)
      abort ();
  }
}

static void
check_ratings (const char *data, size_t size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(XqRatings) ratings = xq_ratings_load_data (data, (gssize) size, "mei", "fuzz.ratings.json", &error);

  if (ratings == NULL)
    {
      if (error == NULL || !g_utf8_validate (error->message, -1, NULL))
        abort ();
      return;
    }
  {
    g_autofree char *out = xq_ratings_to_data (ratings);
    g_autoptr(XqRatings) again = xq_ratings_load_data (out, -1, "mei", "again.ratings.json", NULL);
    g_autofree char *out2 = again != NULL ? xq_ratings_to_data (again) : NULL;

    if (again == NULL || strcmp (out, out2) != 0)
      abort ();
  }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  fuzz_init ();
  if (size < 1 || size > 256 * 1024)
    return 0;
  if (data[0] & 1)
    check_ratings ((const char *) data + 1, size - 1);
  else
    check_review ((const char *) data + 1, size - 1);
  return 0;
}
