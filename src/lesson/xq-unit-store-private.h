/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-unit-store-private.h: what the unit store's files share among
 * themselves (xq-unit-store.c, xq-unit-store-exercises.c,
 * xq-unit-store-import.c). */
#pragma once

#include "xq-unit-store.h"

G_BEGIN_DECLS

/* What is in dir: each *.json document's type, id and path. */
typedef struct {
  char *path;
  char *name;
  char *type;
  char *id;
} XqUnitPresent;

/* The unit's "exercises" array; NULL if it has none. */
JsonArray  *xq_unit_store_exercises_of (JsonObject *unit);
/* Reads the unit with this id: its info in *info_out, the document returned. */
JsonObject *xq_unit_store_open         (const char *dir, const char *id, XqUnitInfo **info_out, GError **error);
/* Every *.json document in dir (XqUnitPresent *), read or not. */
GPtrArray  *xq_unit_store_present      (const char *dir);

G_END_DECLS
