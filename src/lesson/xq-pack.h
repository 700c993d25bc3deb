/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-pack.h: shareable lesson packs, one JSON file bundling a teacher's
 * units and puzzle packs so they can be passed to another computer.
 *
 *   {
 *     "format": 1,
 *     "type": "lesson-pack",
 *     "title": "Class 3, spring term",
 *     "author": "Ms Wang",                          (optional)
 *     "entries": [
 *       { "name": "my-horse-unit.json", "document": { "format": 1, "type": "unit", … } }
 *     ]
 *   }
 *
 * Every "document" is a complete unit or puzzle pack as described in
 * docs/lesson-format.md, embedded as a JSON object, and "name" is the file
 * it becomes when the pack is imported.
 *
 * A pack that arrives from elsewhere is untrusted.  Loading one checks the
 * size limits below before and while parsing, refuses names that are paths
 * (a "/", a "\\", "..", a leading "."), sanitises the rest into
 * lower-case-letters-digits-and-dashes ".json" names, refuses two entries
 * that would share a file name or a unit/pack id, and runs every document
 * through the strict lesson loader.  Every problem is located as
 * "file: JSON path: message", like the lesson loader's.  Installing writes
 * into a fresh private temporary folder inside the destination first and
 * links the finished files into place without ever replacing anything; on
 * any error nothing is left behind. */
#pragma once

#include <gio/gio.h>

#include "xq-json-bounded.h"
#include "xq-lesson.h"

G_BEGIN_DECLS

#define XQ_PACK_ERROR (xq_pack_error_quark ())
GQuark xq_pack_error_quark (void);

typedef enum {
  XQ_PACK_ERROR_IO,            /* the pack could not be read, or a unit not written */
  XQ_PACK_ERROR_TOO_LARGE,     /* over one of the limits below */
  XQ_PACK_ERROR_SYNTAX,        /* not JSON, or empty */
  XQ_PACK_ERROR_VERSION,       /* a format newer than this program */
  XQ_PACK_ERROR_UNKNOWN_FIELD, /* a key the manifest does not define */
  XQ_PACK_ERROR_MISSING_FIELD, /* a required key is absent */
  XQ_PACK_ERROR_TYPE,          /* a value of the wrong JSON type */
  XQ_PACK_ERROR_VALUE,         /* a value out of range, or text with control characters */
  XQ_PACK_ERROR_BAD_NAME,      /* an entry name that is a path, or has nothing usable */
  XQ_PACK_ERROR_DUPLICATE,     /* two entries with one file name or one id */
  XQ_PACK_ERROR_EXISTS,        /* the destination already has that file or that id */
} XqPackError;

/* Limits on a pack, so a hostile file cannot exhaust memory, the stack or
 * the mate solver's time. */
#define XQ_PACK_MAX_BYTES        (4 * 1024 * 1024)
#define XQ_PACK_MAX_DEPTH        XQ_JSON_MAX_DEPTH  /* nesting of JSON arrays and objects */
#define XQ_PACK_MAX_ENTRIES      64
#define XQ_PACK_MAX_ITEMS        XQ_LESSON_MAX_ITEMS  /* exercises in one unit, puzzles in one pack */
#define XQ_PACK_MAX_TOTAL_ITEMS  1000   /* summed over the whole pack */
#define XQ_PACK_MAX_STRING       XQ_JSON_MAX_STRING /* bytes in any one JSON string */
#define XQ_PACK_MAX_TITLE        XQ_LESSON_MAX_TITLE  /* characters in the pack's title and author */
#define XQ_PACK_MAX_NAME         64     /* bytes in an entry's file name */

/* Problems are XqLessonProblem (xq-lesson.h): those inside an embedded
 * document keep the lesson loader's domain (XQ_LESSON_ERROR) and code, the
 * pack's own have domain XQ_PACK_ERROR and an XqPackError code; paths are
 * JSON paths in the pack ("$.entries[2].document.exercises[0].fen"). */

/* The problem as a GError with its domain, code and formatted line. */
GError   *xq_pack_problem_to_error (const XqLessonProblem *problem);
/* A problems array (XqLessonProblem*) with the right free func. */
GPtrArray *xq_pack_problems_new    (void);

typedef struct {
  char            *name;      /* sanitised file name, "my-horse-unit.json" */
  XqLessonFileType type;
  char            *id;
  char            *title;     /* translated, for showing */
  guint            n_items;   /* exercises or puzzles */
  char            *document;  /* the document as JSON text */
} XqPackEntry;

typedef struct {
  char      *file;     /* where it was loaded from, or NULL */
  char      *title;
  char      *author;   /* may be NULL */
  GPtrArray *entries;  /* XqPackEntry* */
} XqPack;

XqPack   *xq_pack_new          (const char *title, const char *author);
void      xq_pack_free         (XqPack *pack);

/* Adds one unit or puzzle pack.  The document must pass the lesson loader
 * and the pack limits, and neither its sanitised name nor its id may be in
 * the pack already.  name NULL: derived from the id.  On failure the
 * problems are appended and the pack is unchanged. */
gboolean  xq_pack_add_data     (XqPack *pack, const char *name, const char *data, gssize length,
                                const char *file_name, GPtrArray *problems);
/* The same for a file; the entry is named after the file. */
gboolean  xq_pack_add_file     (XqPack *pack, const char *path, GPtrArray *problems);

/* The pack as a JSON document (pretty-printed, UTF-8, NUL-terminated). */
char     *xq_pack_to_data      (const XqPack *pack, gsize *length);
/* Writes the pack atomically (temporary file, then rename). */
gboolean  xq_pack_save         (const XqPack *pack, const char *path, GError **error);

/* Parses and checks a pack.  NULL, with every problem appended, if there
 * was any.  file_name only labels the problems. */
XqPack   *xq_pack_load_data    (const char *data, gssize length, const char *file_name,
                                GPtrArray *problems);
/* Refuses files over XQ_PACK_MAX_BYTES before reading them. */
XqPack   *xq_pack_load_file    (const char *path, GPtrArray *problems);

/* Writes every entry as dir/<name>, creating dir if needed.  Refuses
 * (XQ_PACK_ERROR_EXISTS) if any name is taken in dir, even by a dangling
 * symbolic link, or if a *.json file in dir already has one of the ids.
 * All or nothing: on error dir is as it was. */
gboolean  xq_pack_install      (const XqPack *pack, const char *dir, GError **error);

/* A safe file name for an entry: lower-case ASCII letters, digits and
 * "-", ending in ".json".  NULL (and the reason in error) if name is a path
 * or nothing usable is left. */
char     *xq_pack_sanitize_name (const char *name, GError **error);

/* Where a teacher's own units live:
 * g_get_user_data_dir()/xiangqi-tutor/units.  Not created here. */
char     *xq_pack_user_units_dir (void);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqPack, xq_pack_free)

G_END_DECLS
