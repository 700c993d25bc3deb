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
} Present;

JsonArray  *exercises_of      (JsonObject *unit);
JsonObject *open_unit         (const char *dir, const char *id, XqUnitInfo **info_out, GError **error);
GPtrArray  *present_documents (const char *dir);

G_END_DECLS
