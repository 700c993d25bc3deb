/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-rating.c: Glicko-2 for learner and puzzles, their file, and the
 * choice of the next and the daily puzzle.  The steps follow docs/rating.md. */
#define G_LOG_DOMAIN "xq-rating"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>

#include "xq-json-file.h"
#include "xq-json-reader.h"
#include "xq-rating.h"
#include "xq-safe-file.h"

G_DEFINE_QUARK (xq-rating-error-quark, xq_rating_error)

/* ---- Glicko-2 ---------------------------------------------------------------- */

static double
glicko_g (double phi)
{
  return 1.0 / sqrt (1.0 + 3.0 * phi * phi / (G_PI * G_PI));
}

static double
glicko_e (double mu, double mu_j, double phi_j)
{
  return 1.0 / (1.0 + exp (-glicko_g (phi_j) * (mu - mu_j)));
}

/* Step 5: the new volatility, by the Illinois variant of regula falsi on
 * f(x) = e^x (Δ² − φ² − v − e^x) / 2(φ² + v + e^x)² − (x − a) / τ². */
static double
glicko_f (double x, double delta, double phi, double v, double a)
{
  double ex = exp (x), d = phi * phi + v + ex;

  return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d)
         - (x - a) / (XQ_RATING_TAU * XQ_RATING_TAU);
}

static double
glicko_volatility (double sigma, double phi, double v, double delta)
{
  double a = log (sigma * sigma), A = a, B, fa, fb;
  int guard = 0;

  if (delta * delta > phi * phi + v)
    B = log (delta * delta - phi * phi - v);
  else
    {
      int k = 1;

      while (glicko_f (a - k * XQ_RATING_TAU, delta, phi, v, a) < 0 && k < 1000)
        k++;
      B = a - k * XQ_RATING_TAU;
    }
  fa = glicko_f (A, delta, phi, v, a);
  fb = glicko_f (B, delta, phi, v, a);
  /* The iteration converges in a handful of steps; the guard only bounds
   * the time if rounding ever stalls it. */
  while (fabs (B - A) > XQ_RATING_EPSILON && guard++ < 200)
    {
      double C = A + (A - B) * fa / (fb - fa), fc = glicko_f (C, delta, phi, v, a);

      if (fc * fb <= 0)
        {
          A = B;
          fa = fb;
        }
      else
        fa /= 2.0;
      B = C;
      fb = fc;
    }
  return exp (A / 2.0);
}

static void
glicko_clamp (XqGlicko *p)
{
  if (!isfinite (p->rating))
    p->rating = XQ_RATING_LEARNER_START;
  if (!isfinite (p->deviation))
    p->deviation = XQ_RATING_START_DEVIATION;
  if (!isfinite (p->volatility) || p->volatility <= 0)
    p->volatility = XQ_RATING_START_VOLATILITY;
  p->rating = CLAMP (p->rating, XQ_RATING_MIN, XQ_RATING_MAX);
  p->deviation = CLAMP (p->deviation, XQ_RATING_MIN_DEVIATION, XQ_RATING_START_DEVIATION);
  p->volatility = MIN (p->volatility, XQ_RATING_MAX_VOLATILITY);
}

static void
glicko_update_raw (XqGlicko *player, const XqGlicko *opponents, const double *scores, guint n)
{
  double mu = (player->rating - 1500.0) / XQ_RATING_SCALE;
  double phi = player->deviation / XQ_RATING_SCALE;
  double inv_v = 0, sum = 0, v, delta, sigma, phi_star, phi_new;

  if (n == 0)
    {
      player->deviation = sqrt (phi * phi + player->volatility * player->volatility) * XQ_RATING_SCALE;
      return;
    }
  for (guint j = 0; j < n; j++)
    {
      double mu_j = (opponents[j].rating - 1500.0) / XQ_RATING_SCALE;
      double phi_j = opponents[j].deviation / XQ_RATING_SCALE;
      double g = glicko_g (phi_j), e = glicko_e (mu, mu_j, phi_j);

      inv_v += g * g * e * (1.0 - e);
      sum += g * (scores[j] - e);
    }
  v = 1.0 / inv_v;
  delta = v * sum;
  sigma = glicko_volatility (player->volatility, phi, v, delta);
  phi_star = sqrt (phi * phi + sigma * sigma);
  phi_new = 1.0 / sqrt (1.0 / (phi_star * phi_star) + 1.0 / v);
  player->rating = 1500.0 + XQ_RATING_SCALE * (mu + phi_new * phi_new * sum);
  player->deviation = XQ_RATING_SCALE * phi_new;
  player->volatility = sigma;
}

void
xq_glicko_update (XqGlicko *player, const XqGlicko *opponents, const double *scores, guint n)
{
  g_return_if_fail (player != NULL);
  g_return_if_fail (n == 0 || (opponents != NULL && scores != NULL));
  glicko_update_raw (player, opponents, scores, n);
}

double
xq_rating_attempt_score (int wrong, int hints, gboolean solved)
{
  if (!solved || wrong > 0)
    return 0.0;
  return 1.0 - CLAMP (hints, 0, 3) / 3.0;
}

double
xq_rating_seed (int mate_in, int difficulty)
{
  mate_in = CLAMP (mate_in, 1, 9);
  difficulty = CLAMP (difficulty, 1, 5);
  return 900.0 + 150.0 * (mate_in - 1) + 100.0 * (difficulty - 1);
}

/* ---- The learner's ratings ------------------------------------------------- */

typedef struct {
  XqGlicko g;
  guint    attempts;
} Entry;

/* An attempt made since the ratings were loaded or last saved: enough to
 * make it again on the file's newer values (xq_ratings_save). */
typedef struct {
  char    *puzzle;
  XqGlicko seed;    /* the puzzle's rating if the file has none */
  double   score;
} Attempt;

struct _XqRatings
{
  char       *learner;
  Entry       self;
  int         best_run;
  GHashTable *puzzles;   /* id -> Entry* */
  GArray     *pending;   /* Attempt, oldest first */
};

static void
attempt_clear (Attempt *a)
{
  g_free (a->puzzle);
}

XqRatings *
xq_ratings_new (const char *learner)
{
  XqRatings *r = g_new0 (XqRatings, 1);

  g_return_val_if_fail (learner != NULL, NULL);
  r->learner = g_strdup (learner);
  r->self.g = (XqGlicko) { XQ_RATING_LEARNER_START, XQ_RATING_START_DEVIATION, XQ_RATING_START_VOLATILITY };
  r->puzzles = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  r->pending = g_array_new (FALSE, FALSE, sizeof (Attempt));
  g_array_set_clear_func (r->pending, (GDestroyNotify) attempt_clear);
  return r;
}

void
xq_ratings_free (XqRatings *ratings)
{
  if (ratings == NULL)
    return;
  g_free (ratings->learner);
  g_hash_table_unref (ratings->puzzles);
  g_array_unref (ratings->pending);
  g_free (ratings);
}

const char *
xq_ratings_get_learner_id (const XqRatings *ratings)
{
  g_return_val_if_fail (ratings != NULL, NULL);
  return ratings->learner;
}

XqGlicko
xq_ratings_get_learner (const XqRatings *ratings)
{
  return ratings->self.g;
}

guint
xq_ratings_get_attempts (const XqRatings *ratings)
{
  return ratings->self.attempts;
}

int
xq_ratings_get_shown (const XqRatings *ratings)
{
  double share = MIN (ratings->self.attempts, XQ_RATING_SHOWN_SETTLE) / (double) XQ_RATING_SHOWN_SETTLE;
  double shown = XQ_RATING_LEARNER_START + (ratings->self.g.rating - XQ_RATING_LEARNER_START) * share;

  return (int) floor (shown + 0.5);
}

XqGlicko
xq_ratings_get_puzzle (const XqRatings *ratings, const XqPuzzle *puzzle)
{
  Entry *e = g_hash_table_lookup (ratings->puzzles, puzzle->id);

  if (e != NULL)
    return e->g;
  return (XqGlicko) { xq_rating_seed (puzzle->mate_in, puzzle->difficulty),
                      XQ_RATING_PUZZLE_DEVIATION, XQ_RATING_START_VOLATILITY };
}

/* One attempt on the puzzle id, whose rating is seed if it has none yet. */
static void
record_attempt (XqRatings *ratings, const char *id, XqGlicko seed, double score)
{
  Entry *e = g_hash_table_lookup (ratings->puzzles, id);
  XqGlicko learner = ratings->self.g, pz = e != NULL ? e->g : seed;
  XqGlicko new_learner = learner, new_pz = pz;
  double inverse = 1.0 - score;

  /* Both from the values before the attempt: one game, two sides. */
  glicko_update_raw (&new_learner, &pz, &score, 1);
  glicko_update_raw (&new_pz, &learner, &inverse, 1);
  glicko_clamp (&new_learner);
  glicko_clamp (&new_pz);
  ratings->self.g = new_learner;
  ratings->self.attempts = MIN (ratings->self.attempts + 1, G_MAXINT);
  if (e == NULL)
    {
      if (g_hash_table_size (ratings->puzzles) >= XQ_RATING_MAX_PUZZLES)
        return;   /* the learner's rating still moved; the file stays bounded */
      e = g_new0 (Entry, 1);
      g_hash_table_insert (ratings->puzzles, g_strdup (id), e);
    }
  e->g = new_pz;
  e->attempts = MIN (e->attempts + 1, G_MAXINT);
}

void
xq_ratings_record (XqRatings *ratings, const XqPuzzle *puzzle, double score)
{
  Attempt a;

  g_return_if_fail (puzzle != NULL && puzzle->id != NULL);
  a.puzzle = g_strdup (puzzle->id);
  a.seed = (XqGlicko) { xq_rating_seed (puzzle->mate_in, puzzle->difficulty),
                        XQ_RATING_PUZZLE_DEVIATION, XQ_RATING_START_VOLATILITY };
  a.score = CLAMP (score, 0.0, 1.0);
  record_attempt (ratings, a.puzzle, a.seed, a.score);
  g_array_append_val (ratings->pending, a);
}

int
xq_ratings_get_best_run (const XqRatings *ratings)
{
  return ratings->best_run;
}

gboolean
xq_ratings_offer_run (XqRatings *ratings, int run)
{
  if (run <= ratings->best_run)
    return FALSE;
  ratings->best_run = run;
  return TRUE;
}

/* ---- The file -------------------------------------------------------------- */

static void
add_entry (JsonBuilder *b, const Entry *e)
{
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "rating");
  json_builder_add_double_value (b, e->g.rating);
  json_builder_set_member_name (b, "deviation");
  json_builder_add_double_value (b, e->g.deviation);
  json_builder_set_member_name (b, "volatility");
  json_builder_add_double_value (b, e->g.volatility);
  json_builder_set_member_name (b, "attempts");
  json_builder_add_int_value (b, e->attempts);
  json_builder_end_object (b);
}

char *
xq_ratings_to_data (const XqRatings *ratings)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(GList) keys = g_hash_table_get_keys (ratings->puzzles);

  /* Sorted, so the same ratings always give the same bytes. */
  keys = g_list_sort (keys, (GCompareFunc) strcmp);
  xq_json_file_begin_learner (b, ratings->learner);
  json_builder_set_member_name (b, "rating");
  add_entry (b, &ratings->self);
  json_builder_set_member_name (b, "best-streak-run");
  json_builder_add_int_value (b, ratings->best_run);
  json_builder_set_member_name (b, "puzzles");
  json_builder_begin_object (b);
  for (GList *l = keys; l != NULL; l = l->next)
    {
      json_builder_set_member_name (b, l->data);
      add_entry (b, g_hash_table_lookup (ratings->puzzles, l->data));
    }
  json_builder_end_object (b);
  json_builder_end_object (b);
  return xq_json_file_text (b, NULL);
}

static const char *const entry_keys[] = { "rating", "deviation", "volatility", "attempts", NULL };
static const char *const file_keys[] = { "format", "learner", "rating", "best-streak-run", "puzzles", NULL };

/* One rating: the object at path, exactly the four numbers. */
static gboolean
read_entry (XqJsonReader *rd, JsonObject *obj, const char *path, Entry *e)
{
  gint64 attempts = 0;

  if (!xq_json_check_keys (rd, obj, path, entry_keys) ||
      !xq_json_get_number (rd, obj, path, "rating", XQ_JSON_REQUIRED, XQ_RATING_MIN, XQ_RATING_MAX,
                           &e->g.rating) ||
      !xq_json_get_number (rd, obj, path, "deviation", XQ_JSON_REQUIRED, XQ_RATING_MIN_DEVIATION,
                           XQ_RATING_START_DEVIATION, &e->g.deviation) ||
      !xq_json_get_number (rd, obj, path, "volatility", XQ_JSON_REQUIRED, 1e-6,
                           XQ_RATING_MAX_VOLATILITY, &e->g.volatility) ||
      !xq_json_get_int (rd, obj, path, "attempts", XQ_JSON_REQUIRED, 0, G_MAXINT, &attempts))
    return FALSE;
  e->attempts = (guint) attempts;
  return TRUE;
}

XqRatings *
xq_ratings_load_data (const char *data, gssize length, const char *learner,
                      const char *file_name, GError **error)
{
  g_autoptr(XqJsonReader) rd = NULL;
  g_autoptr(XqRatings) r = NULL;
  g_autoptr(GList) members = NULL;
  JsonObject *obj, *puzzles = NULL, *self = NULL;
  gint64 best_run = 0;
  gsize len = length < 0 ? strlen (data) : (gsize) length;

  g_return_val_if_fail (data != NULL && learner != NULL, NULL);
  rd = xq_json_reader_new (file_name != NULL ? file_name : "<data>", XQ_RATING_ERROR,
                           XQ_RATING_ERROR_PARSE);
  r = xq_ratings_new (learner);
  if ((obj = xq_json_file_read_learner (rd, data, len, XQ_RATING_MAX_FILE, learner)) == NULL ||
      !xq_json_check_keys (rd, obj, "$", file_keys) ||
      !xq_json_get_object (rd, obj, "$", "rating", XQ_JSON_REQUIRED, G_MAXUINT, &self) ||
      !read_entry (rd, self, "$.rating", &r->self) ||
      !xq_json_get_int (rd, obj, "$", "best-streak-run", XQ_JSON_REQUIRED, 0, G_MAXINT, &best_run) ||
      !xq_json_get_object (rd, obj, "$", "puzzles", XQ_JSON_REQUIRED, XQ_RATING_MAX_PUZZLES, &puzzles))
    return xq_json_reader_propagate (rd, error), NULL;
  r->best_run = (int) best_run;
  members = json_object_get_members (puzzles);
  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *id = l->data;
      g_autofree char *path = xq_json_path_key ("$.puzzles", id);
      JsonObject *entry = NULL;
      Entry e;

      if (id[0] == '\0' || strlen (id) > XQ_JSON_MAX_STRING || !g_utf8_validate (id, -1, NULL))
        xq_json_reader_problem (rd, path, _("a puzzle id that is not usable"));
      if (xq_json_reader_get_n_problems (rd) > 0 ||
          !xq_json_node_object (rd, json_object_get_member (puzzles, id), path, G_MAXUINT, &entry) ||
          !read_entry (rd, entry, path, &e))
        return xq_json_reader_propagate (rd, error), NULL;
      g_hash_table_insert (r->puzzles, g_strdup (id), g_memdup2 (&e, sizeof e));
    }
  return g_steal_pointer (&r);
}

char *
xq_ratings_path (const char *dir, const char *learner)
{
  g_autofree char *base = NULL;

  if (dir == NULL || !xq_json_file_learner_id_valid (learner))
    return NULL;
  base = g_strconcat (learner, ".ratings.json", NULL);
  return g_build_filename (dir, base, NULL);
}

XqRatings *
xq_ratings_load (const char *dir, const char *learner, char **report, GError **error)
{
  g_autofree char *path = xq_ratings_path (dir, learner);
  g_autofree char *data = NULL;
  g_autofree char *aside = NULL;
  g_autoptr(GError) local = NULL;
  XqRatings *r;
  gsize len = 0;

  if (report != NULL)
    *report = NULL;
  if (path == NULL)
    {
      g_set_error (error, XQ_RATING_ERROR, XQ_RATING_ERROR_BAD_LEARNER,
                   _("“%s” is not a learner id"), learner ? learner : "");
      return NULL;
    }
  xq_safe_file_clean_temps (path);
  if (!xq_safe_file_read (path, XQ_RATING_MAX_FILE, &data, &len, &local))
    {
      if (g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        return xq_ratings_new (learner);
      if (!g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_FAILED))
        {
          g_set_error (error, XQ_RATING_ERROR, XQ_RATING_ERROR_IO, "%s: %s", path, local->message);
          return NULL;
        }
      /* Too large, or not a file: damaged like any other unusable file;
       * the message (which names the file) says which. */
      {
        g_autoptr(GError) why = g_steal_pointer (&local);
        g_set_error_literal (&local, XQ_RATING_ERROR, XQ_RATING_ERROR_PARSE, why->message);
      }
    }
  else if ((r = xq_ratings_load_data (data, (gssize) len, learner, path, &local)) != NULL)
    return r;

  aside = xq_safe_file_set_aside (path, NULL);
  /* Said once: to the caller that asked for the report, else in the log. */
  if (report == NULL)
    g_warning ("%s", local->message);
  else
    *report = aside ? g_strdup_printf (_("The puzzle ratings could not be read (%s); they start again. "
                                         "The damaged file was kept as %s."), local->message, aside)
                    : g_strdup_printf (_("The puzzle ratings could not be read (%s); they start again."),
                                       local->message);
  return xq_ratings_new (learner);
}

static gboolean
xq_ratings_save_unlocked (XqRatings *ratings, const char *dir, GError **error)
{
  g_autofree char *path = xq_ratings_path (dir, ratings->learner);
  g_autofree char *data = NULL;
  g_autofree char *on_disk = NULL;
  g_autoptr(XqRatings) merged = NULL;
  gsize len = 0;

  if (path == NULL)
    {
      g_set_error (error, XQ_RATING_ERROR, XQ_RATING_ERROR_BAD_LEARNER,
                   _("“%s” is not a learner id"), ratings->learner);
      return FALSE;
    }
  /* Another window or computer on the same profile may have saved since
   * these ratings were read: its attempts are on disk, these are in
   * memory.  The attempts made here are made again on the file's values,
   * so neither side's are lost (a file that cannot be read is left to the
   * next load, which sets it aside and reports it). */
  if (xq_safe_file_read (path, XQ_RATING_MAX_FILE, &on_disk, &len, NULL) &&
      (merged = xq_ratings_load_data (on_disk, (gssize) len, ratings->learner, path, NULL)) != NULL)
    {
      for (guint i = 0; i < ratings->pending->len; i++)
        {
          const Attempt *a = &g_array_index (ratings->pending, Attempt, i);
          record_attempt (merged, a->puzzle, a->seed, a->score);
        }
      merged->best_run = MAX (merged->best_run, ratings->best_run);
      data = xq_ratings_to_data (merged);
    }
  else
    data = xq_ratings_to_data (ratings);
  if (!xq_json_file_save (dir, path, data, XQ_RATING_ERROR, XQ_RATING_ERROR_IO, error))
    return FALSE;
  if (merged != NULL)
    {
      /* What was saved is what this side now shows. */
      GHashTable *swap = ratings->puzzles;
      ratings->puzzles = merged->puzzles;
      merged->puzzles = swap;
      ratings->self = merged->self;
      ratings->best_run = merged->best_run;
    }
  g_array_set_size (ratings->pending, 0);
  return TRUE;
}

gboolean
xq_ratings_save (XqRatings *ratings, const char *dir, GError **error)
{
  gboolean ok;

  xq_learner_files_lock ();
  ok = xq_ratings_save_unlocked (ratings, dir, error);
  xq_learner_files_unlock ();
  return ok;
}

/* ---- Choosing a puzzle ----------------------------------------------------- */

gboolean
xq_ratings_next_puzzle (const XqRatings *ratings, GPtrArray *packs,
                        XqPuzzleSolvedFunc solved, gpointer user_data,
                        guint *pack_index, guint *puzzle_index)
{
  double target = ratings->self.g.rating, best_dist = G_MAXDOUBLE, best_rating = 0;
  const char *best_pack = NULL;
  gboolean found = FALSE;

  g_return_val_if_fail (packs != NULL, FALSE);
  for (guint i = 0; i < packs->len; i++)
    {
      const XqPuzzlePack *pack = g_ptr_array_index (packs, i);

      if (!xq_ratings_pack_open (ratings, pack))
        continue;
      for (guint j = 0; j < pack->puzzles->len; j++)
        {
          const XqPuzzle *pz = g_ptr_array_index (pack->puzzles, j);
          double r, dist;
          gboolean better;

          if (solved != NULL && solved (pz, user_data))
            continue;
          r = xq_ratings_get_puzzle (ratings, pz).rating;
          dist = fabs (r - target);
          if (!found || dist < best_dist)
            better = TRUE;
          else if (dist > best_dist)
            better = FALSE;
          else if (r != best_rating)
            better = r < best_rating;
          else
            better = strcmp (pack->id, best_pack) < 0;   /* same pack: the earlier stays */
          if (better)
            {
              found = TRUE;
              best_dist = dist;
              best_rating = r;
              best_pack = pack->id;
              *pack_index = i;
              *puzzle_index = j;
            }
        }
    }
  return found;
}

gboolean
xq_ratings_pack_open (const XqRatings *ratings, const XqPuzzlePack *pack)
{
  g_return_val_if_fail (ratings != NULL && pack != NULL, FALSE);
  return xq_ratings_get_shown (ratings) >= pack->min_rating;
}

gboolean
xq_rating_daily_puzzle (GPtrArray *packs, GDate *date, guint *pack_index, guint *puzzle_index)
{
  g_autoptr(GPtrArray) order = g_ptr_array_new ();
  guint total = 0, pick;
  guint32 h;

  g_return_val_if_fail (packs != NULL && date != NULL && g_date_valid (date), FALSE);
  for (guint i = 0; i < packs->len; i++)
    {
      const XqPuzzlePack *pack = g_ptr_array_index (packs, i);

      /* The same for everyone: only the packs open to every learner. */
      if (pack->min_rating > 0)
        continue;
      total += pack->puzzles->len;
      g_ptr_array_add (order, GUINT_TO_POINTER (i));
    }
  if (total == 0)
    return FALSE;
  /* The packs in id order, so the choice does not depend on file order;
   * the day number mixed (an integer hash) so neighbouring days differ. */
  for (guint a = 1; a < order->len; a++)
    for (guint b = a; b > 0; b--)
      {
        const XqPuzzlePack *x = g_ptr_array_index (packs, GPOINTER_TO_UINT (order->pdata[b - 1]));
        const XqPuzzlePack *y = g_ptr_array_index (packs, GPOINTER_TO_UINT (order->pdata[b]));
        gpointer t;

        if (strcmp (x->id, y->id) <= 0)
          break;
        t = order->pdata[b - 1];
        order->pdata[b - 1] = order->pdata[b];
        order->pdata[b] = t;
      }
  h = g_date_get_julian (date);
  h ^= h >> 16;
  h *= 0x7feb352dU;
  h ^= h >> 15;
  h *= 0x846ca68bU;
  h ^= h >> 16;
  pick = h % total;
  for (guint k = 0; k < order->len; k++)
    {
      guint i = GPOINTER_TO_UINT (order->pdata[k]);
      const XqPuzzlePack *pack = g_ptr_array_index (packs, i);

      if (pick < pack->puzzles->len)
        {
          *pack_index = i;
          *puzzle_index = pick;
          return TRUE;
        }
      pick -= pack->puzzles->len;
    }
  g_return_val_if_reached (FALSE);
}
