/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-kind-reader-private.h: what the lesson loader (xq-lesson.c) shares
 * with the typed readers (xq-kind-reader.c) beyond xq-kind.h: the reading
 * context itself, and the readers no kind needs. */
#pragma once

#include <json-glib/json-glib.h>

#include "xq-exercise.h"

G_BEGIN_DECLS

/* The loading context: which file, where problems go (a kind's reader,
 * XqKindReader, is the same). */
struct _XqKindReader {
  const char       *file;
  GPtrArray        *problems;
  guint             n_start;
  XqLessonLoadFlags flags;
  guint64           proof_work;  /* the solver's work spent on this file's proofs */
  XqProofs         *made;        /* every proof this load made */
  XqSolver         *solver;      /* proves on this solver (a worker's own); NULL: the shared one */
};

/* The index of the word in names (NULL-ended); fallback when the key is
 * absent, -1 after a problem. */
int        xq_kind_get_enum_in (XqKindReader *r, JsonObject *o, const char *path, const char *key,
                                gboolean required, const char *const *names, int fallback);
/* A valid id (lower-case letters, digits and "-"), copied; NULL after a problem. */
char      *xq_kind_get_id      (XqKindReader *r, JsonObject *o, const char *path);
/* The translated texts of an optional list (hints); empty when absent. */
GPtrArray *xq_kind_get_texts   (XqKindReader *r, JsonObject *o, const char *path, const char *key);
/* An ICCS move, "h2e2"; XQ_MOVE_NONE after a problem. */
XqMove     xq_kind_parse_move  (XqKindReader *r, const char *text, const char *path);

G_END_DECLS
