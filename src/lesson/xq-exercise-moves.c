/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Exercises that moved to a unit of their own when a unit was split (the
 * curriculum's third edition, docs/lesson-format.md "Learner progress").
 * A learner's stars and review items are keyed by "unit/exercise", so a
 * file saved before the split names the old unit: the readers of the
 * progress file and of the review queue rename those keys as they read
 * them, and the next save writes the new ones.  An exercise keeps its id
 * when it moves; the test /data/lessons/moved-exercises holds this table
 * to the shipped units (each exercise is in its new unit and no longer in
 * its old one). */
#define G_LOG_DOMAIN "xq-lesson"

#include "config.h"

#include <string.h>

#include "xq-exercise-moves.h"

typedef struct {
  const char *from;
  const char *to;
  const char *const *exercises;  /* NULL-terminated */
} Move;

static const char *const pieces_2[] = {
  "pair-general", "pair-advisor", "pair-elephant", "pair-horse", "pair-chariot", "pair-cannon",
  "pair-soldier", "pair-all-soldiers", "bridge-horse-picture", "bridge-chariot-picture",
  "bridge-cannon-picture", "bridge-pair-horse-picture", "bridge-pair-elephant-picture",
  "bridge-soldiers-characters", "bridge-cannon-characters", NULL
};
static const char *const results_2[] = {
  "winner-sixty", "winner-bare", "replay-perpetual-check", "replay-perpetual-check-allowed",
  "replay-check-idle", "replay-check-idle-winner", "replay-chase", "replay-chase-allowed",
  "replay-horses", "replay-sixty", "replay-bare", "perpetual", "sixty-rule", NULL
};
static const char *const checks[] = {
  "give-check", "check-horse", "check-cannon", "check-soldier", "check-discovered", NULL
};
/* The mates in two whose first move is quiet; those by checks in a row
 * (連將殺), two-chariots and two-horse-smother, stay in "mating". */
static const char *const mating_2[] = {
  "two-horse-facing", "two-chariot-bolt", "two-chariot-moon", "two-horse-soldier",
  "two-cannon-soldier", "two-cannons", "two-soldiers", NULL
};
static const char *const notation_2[] = {
  "read-front-chariot", "write-rear-cannon", "read-rear-chariot", "write-middle-soldier",
  "read-wxf-horse", "write-wxf-cannon", "write-wxf-front-chariot", "type-cannon-centre",
  "type-horse", "type-chariot", "type-chariot-far", "type-horse-back", "type-black-horse",
  "type-front-chariot", "type-wxf-horse", NULL
};

static const Move moves[] = {
  { "pieces", "pieces-2", pieces_2 },
  { "results", "results-2", results_2 },
  { "results", "checks", checks },
  { "mating", "mating-2", mating_2 },
  { "notation", "notation-2", notation_2 },
};

const char *
xq_progress_moved_unit (const char *unit, const char *exercise)
{
  g_return_val_if_fail (unit != NULL && exercise != NULL, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    if (strcmp (moves[i].from, unit) == 0)
      for (const char *const *e = moves[i].exercises; *e != NULL; e++)
        if (strcmp (*e, exercise) == 0)
          return moves[i].to;
  return NULL;
}

gboolean
xq_progress_moved_next (guint *index, const char **from, const char **to, const char *const **exercises)
{
  g_return_val_if_fail (index != NULL, FALSE);
  if (*index >= G_N_ELEMENTS (moves))
    return FALSE;
  *from = moves[*index].from;
  *to = moves[*index].to;
  *exercises = moves[*index].exercises;
  (*index)++;
  return TRUE;
}
