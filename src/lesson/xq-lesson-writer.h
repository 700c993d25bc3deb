/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-lesson-writer.h: writes lesson documents (docs/lesson-format.md) the
 * way the loader reads them.
 *
 * The text is pretty-printed with two-space indents and ends in a newline;
 * the members of every object come in one fixed order (the format's keys
 * in the order the shipped files use, then any other key by name), so a
 * file saved twice is the same bytes and a diff shows only what changed.
 * Nothing is added, dropped or converted: parsing what the writer wrote
 * gives back the same JSON, and the loader reads it as it read the input. */
#pragma once

#include <json-glib/json-glib.h>

#include "xq-kind.h"

G_BEGIN_DECLS

/* The number a teacher's own unit gets: after the shipped curriculum. */
#define XQ_LESSON_TEACHER_UNIT_NUMBER 90

/* node (a document, an exercise, any part of one) as text, NUL-terminated;
 * length without the NUL. */
char       *xq_lesson_write_node       (JsonNode *node, gsize *length);
/* The same for an object. */
char       *xq_lesson_write_object     (JsonObject *object, gsize *length);

/* Marks as the "marks" array the loader reads back
 * (xq_lesson_marks_from_json): one object per mark, its kind's key, "role"
 * unless it is the default highlight, "color" when it has one.  NULL for
 * no marks (the key is then left out). */
JsonNode   *xq_lesson_marks_to_json    (const XqLessonMarks *marks);

/* A teacher's unit document: id, title, one introduction page (the title)
 * and the exercises (JsonObject*, referenced, not copied). */
JsonObject *xq_lesson_teacher_unit_new (const char *id, const char *title, GPtrArray *exercises);

/* One kind field (xq-kind.h) as a line of text, the way a form shows it:
 * a word or a sentence as it is, a number in digits, a point "e4", points
 * and moves separated by spaces, choices one per line as their text, or
 * "id: text" when the id is not the one the text would get back (a number
 * is its own id, other options get a, b, c… in order).  NULL when o has no
 * such member. */
char       *xq_lesson_field_get_text   (const XqKindField *field, JsonObject *o);
/* The choices the format fixes for a choices field when the kind's rule
 * field holds rule_value (a computed question's), or NULL where the author
 * writes them. */
const XqFieldValue *xq_lesson_field_fixed_choices (const XqKindField *field, const char *rule_value);
/* The opposite: sets field's member of o from text, or removes it when the
 * text is empty (so the loader names a missing required field).  A choices
 * field whose rule value (rule_value, the kind's rule field) fixes the
 * choices gets those, whatever the text.  The loader is the judge of the
 * value: text that is no number for a number field is written as a string
 * for it to refuse. */
void        xq_lesson_field_set_text   (const XqKindField *field, const char *rule_value, const char *text,
                                        JsonObject *o);

G_END_DECLS
