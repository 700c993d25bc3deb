/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-unit-store.h: a teacher's own units on disk (docs/teacher-units.md):
 * one unit document per *.json file directly in a folder (by default
 * xq_pack_user_units_dir ()), listed, renamed, renumbered, reordered,
 * duplicated, deleted into the folder's "trash" and restored, their
 * exercises reordered, duplicated and removed; packs imported over them
 * (replacing a unit keeps the learners' stars on its unchanged
 * exercises); chosen units exported as one pack.
 *
 * Every change reads the unit, changes the JSON and writes it back
 * through xq-safe-file.h (a temporary file renamed over the old one)
 * after the lesson loader accepted it (without proving mates: nothing
 * here changes a position), so a unit on disk always loads.  Units are
 * found by id, not by file name: an imported unit's file is named after
 * its pack entry.  The Teach page and `xqtool units` both come through
 * here. */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "xq-progress.h"

G_BEGIN_DECLS

#define XQ_UNIT_STORE_ERROR (xq_unit_store_error_quark ())
GQuark xq_unit_store_error_quark (void);

typedef enum {
  XQ_UNIT_STORE_ERROR_NOT_FOUND,  /* no unit (or exercise) with that id or index */
  XQ_UNIT_STORE_ERROR_EXISTS,     /* an import would replace a unit: ask, then pass replace */
  XQ_UNIT_STORE_ERROR_BUILTIN,    /* the id is one of the curriculum's */
  XQ_UNIT_STORE_ERROR_INVALID,    /* the result would not load (the loader's first problem) */
} XqUnitStoreError;

/* The folder in the units folder where deleted units wait. */
#define XQ_UNIT_STORE_TRASH "trash"

/* Numbers a teacher's unit may have: after the shipped curriculum's. */
#define XQ_UNIT_STORE_FIRST_NUMBER 90
#define XQ_UNIT_STORE_LAST_NUMBER  99

typedef struct {
  char  *path;
  char  *id;
  char  *title;       /* as written (the teacher's own text, not translated) */
  int    number;
  guint  n_exercises;
} XqUnitInfo;

void        xq_unit_info_free      (XqUnitInfo *info);

/* Every unit document in dir (files that are no unit, or do not parse,
 * are left out), by number, then id.  A missing dir is an empty list. */
GPtrArray  *xq_unit_store_list     (const char *dir);
/* The unit with this id, or NULL (and XQ_UNIT_STORE_ERROR_NOT_FOUND). */
XqUnitInfo *xq_unit_store_find     (const char *dir, const char *id, GError **error);
/* The number for a new unit: one after the highest of dir's units (from
 * XQ_UNIT_STORE_FIRST_NUMBER), else the lowest one free, else the last. */
int         xq_unit_store_next_number (const char *dir);
/* Is id the id of a unit or puzzle pack shipped with the program? */
gboolean    xq_unit_store_is_builtin_id (const char *id);
/* A unit id free in dir and not built in: base, else base-2, base-3… */
char       *xq_unit_store_free_id  (const char *dir, const char *base);

/* The document, parsed (a new reference), and writing it back: refused
 * (XQ_UNIT_STORE_ERROR_INVALID) unless the loader accepts it. */
JsonObject *xq_unit_store_read     (const char *path, GError **error);
gboolean    xq_unit_store_write    (const char *path, JsonObject *unit, GError **error);

/* Renames the unit (and its introduction page when that was the title). */
gboolean    xq_unit_store_rename   (const char *dir, const char *id, const char *title, GError **error);
gboolean    xq_unit_store_renumber (const char *dir, const char *id, int number, GError **error);
/* Moves the unit one place up (delta -1) or down (+1) in the list by
 * trading numbers with its neighbour (giving both distinct numbers when
 * they shared one).  FALSE without error when it is already at that end. */
gboolean    xq_unit_store_move     (const char *dir, const char *id, int delta, GError **error);
/* A copy with a new id (xq_unit_store_free_id of "<id>-copy"), the title
 * "<title> (copy)" (numbered when that is taken too) and the next number.
 * Returns the new id. */
char       *xq_unit_store_duplicate (const char *dir, const char *id, GError **error);
/* Moves the unit's file into dir/trash/ and returns where it is now. */
char       *xq_unit_store_delete   (const char *dir, const char *id, GError **error);
/* Puts a deleted unit back under its old name; refused if that name or
 * its id was taken meanwhile. */
gboolean    xq_unit_store_restore  (const char *dir, const char *trash_path, GError **error);

/* Exercises, by index in the unit. */
gboolean    xq_unit_store_move_exercise      (const char *dir, const char *id, guint from, guint to,
                                              GError **error);
/* A copy right after the original, with the id "<id>-2" (or the next
 * free one); returns the new exercise's id. */
char       *xq_unit_store_duplicate_exercise (const char *dir, const char *id, guint index, GError **error);
/* Removes the exercise and returns it, for xq_unit_store_insert_exercise
 * to undo. */
JsonObject *xq_unit_store_remove_exercise    (const char *dir, const char *id, guint index, GError **error);
gboolean    xq_unit_store_insert_exercise    (const char *dir, const char *id, guint index,
                                              JsonObject *exercise, GError **error);

/* A hash of an exercise's content (its JSON as the lesson writer writes
 * it): equal for the same exercise, whatever the member order. */
char       *xq_unit_store_exercise_hash (JsonObject *exercise);
/* The ids of old_unit's exercises that new_unit has unchanged (same id,
 * same hash): the progress kept when new replaces old. */
GHashTable *xq_unit_store_unchanged_exercises (JsonObject *old_unit, JsonObject *new_unit);

/* What an import did, one line per entry, translated. */
typedef struct {
  GPtrArray *lines;       /* char*: "Replaced “Horses” (unit horse-leg): kept 3 exercises' stars, dropped 1" */
  guint      n_added;
  guint      n_replaced;
  guint      n_dropped;   /* learners' results dropped, summed */
} XqUnitImport;

void        xq_unit_import_free    (XqUnitImport *import);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqUnitImport, xq_unit_import_free)

/* Installs the pack at path into dir.  A unit whose id is built in is
 * refused (XQ_UNIT_STORE_ERROR_BUILTIN).  An entry whose unit or puzzle
 * pack id, or whose file name, is already in dir is refused
 * (XQ_UNIT_STORE_ERROR_EXISTS, naming them) unless replace: then the new
 * document takes the old file's place and every learner in learners
 * (NULL: no progress is touched) keeps the results of the exercises that
 * are unchanged and loses the others'.  Nothing is written before every
 * entry was checked, and nothing after a cancel. *import (optional) says
 * what happened. */
gboolean    xq_unit_store_import_pack (const char *path, const char *dir, gboolean replace,
                                       XqProgressStore *learners, GCancellable *cancellable,
                                       XqUnitImport **import, GError **error);
/* After a unit document at out was replaced by a new one (old_unit, the
 * document before): drops the learners' results on the exercises that
 * changed; returns how many were dropped. */
guint       xq_unit_store_forget_changed (JsonObject *old_unit, JsonObject *new_unit,
                                          XqProgressStore *learners, GError **error);

/* The units at paths (NULL-terminated) as one pack at out, each checked
 * (and its mates proved) by the loader; author NULL or "": none. */
gboolean    xq_unit_store_export   (const char *const *paths, const char *title, const char *author,
                                    const char *out, GCancellable *cancellable, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqUnitInfo, xq_unit_info_free)

G_END_DECLS
