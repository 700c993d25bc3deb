/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-render.h: the board as SVG, its one pixel geometry, rasterising and a
 * surface cache for the board widget.
 *
 * Pure cairo + librsvg (+ pango for worksheet text, see xq-worksheet.h); no
 * GTK, so everything here runs without a display.  The board widget wraps the
 * cairo image surfaces it gets from XqRenderCache in GdkTextures.
 *
 * Coordinates: squares are the core's (sq = rank * 9 + file, see
 * xq-types.h).  Pixel coordinates have their origin at the top-left corner of
 * the drawing area, x to the right, y downwards.  XqBoardGeometry is the ONE
 * transform between the two: the SVG writer, the cache, the annotations and
 * the widget's hit-testing all go through it.
 */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "xq-position.h"
#include "xq-types.h"
#include "xq-variant.h"

G_BEGIN_DECLS

#define XQ_RENDER_ERROR (xq_render_error_quark ())
GQuark xq_render_error_quark (void);

typedef enum {
  XQ_RENDER_ERROR_SVG,        /* librsvg refused or failed to draw an SVG */
  XQ_RENDER_ERROR_FORMAT,     /* unknown output file type */
  XQ_RENDER_ERROR_IO,         /* the output file could not be written */
  XQ_RENDER_ERROR_FONT,       /* no font covers the text (worksheets) */
  XQ_RENDER_ERROR_INPUT,      /* malformed worksheet input, with its line number */
  XQ_RENDER_ERROR_SIZE,       /* a size that is zero, negative or absurdly large */
} XqRenderError;

/* ---- Style --------------------------------------------------------------- */

/* A piece set is its index in the table of sets, src/render/xq-piece-sets.c;
 * every list of sets (settings, Preferences, xqtool, the fuzzer, the tests)
 * loops from 0 to XQ_N_PIECE_SETS.  Only the sets that code asks for by
 * name have a name here; a new set needs none. */
typedef enum {
  XQ_PIECE_SET_TRADITIONAL,   /* 帥仕相俥傌炮兵 / 將士象車馬砲卒; the default */
  XQ_PIECE_SET_SIMPLIFIED,    /* 帅仕相车马炮兵 / 将士象车马炮卒: "auto" in zh_CN */
  XQ_PIECE_SET_PICTOGRAM,     /* pictures, for children who cannot read yet (lessons ask for it) */
} XqPieceSet;

/* How many sets the table holds. */
guint       xq_piece_set_count          (void) G_GNUC_CONST;
#define XQ_N_PIECE_SETS ((int) xq_piece_set_count ())

typedef enum {
  XQ_THEME_WOOD,              /* warm wood, red and black pieces */
  XQ_THEME_CONTRAST,          /* high contrast for low vision */
  XQ_THEME_PRINT,             /* black on white; Red and Black differ in greyscale */
} XqTheme;

typedef struct {
  XqPieceSet pieces;
  XqTheme    theme;
  gboolean   flipped;          /* Black at the bottom */
  gboolean   coordinates;      /* ICCS letters a..i and digits 0..9 in the margin */
  gboolean   hide_file_numbers;/* the 一…九 / 1…9 file numbers are shown unless set */
} XqRenderStyle;

/* Default style: traditional pieces, wood, Red at the bottom, no ICCS
 * coordinates, file numbers shown.  A zero-filled struct is the same. */
void        xq_render_style_init        (XqRenderStyle *style);
gboolean    xq_render_style_equal       (const XqRenderStyle *a, const XqRenderStyle *b);

/* Names used on the command line and in settings ("traditional", "wood").
 * The parsers return FALSE for an unknown name and leave *out alone. */
const char *xq_piece_set_to_string      (XqPieceSet set);
gboolean    xq_piece_set_from_string    (const char *name, XqPieceSet *out);
/* The set's name for people ("Traditional characters"), untranslated:
 * pass it through gettext to show it. */
const char *xq_piece_set_label          (XqPieceSet set);
/* FALSE for a set of pictures (no characters on its pieces: its faces are
 * the SVG files of data/pieces/NAME/). */
gboolean    xq_piece_set_has_characters (XqPieceSet set);
const char *xq_theme_to_string          (XqTheme theme);
gboolean    xq_theme_from_string        (const char *name, XqTheme *out);

/* ---- Annotations --------------------------------------------------------- */

typedef enum {
  XQ_MARK_HIGHLIGHT,   /* a tinted square behind the point (selection, a hint) */
  XQ_MARK_DOT,         /* a legal-move dot (drawn as a ring when a piece stands there) */
  XQ_MARK_LAST_MOVE,   /* corner brackets around a point of the last move */
  XQ_MARK_ARROW,       /* an arrow from sq to `to` */
  XQ_MARK_STAR,        /* a star: "go here" target */
  XQ_MARK_LABEL,       /* a numbered or lettered disc ("1", "A"), above pieces */
  XQ_MARK_CHECK,       /* a warning ring around a general in check */
  XQ_MARK_CIRCLE,      /* a plain ring around a point */
} XqMarkKind;

/* What a mark means; the theme turns the role into a colour, so a lesson
 * says "good" and gets green on wood and a bold black in print. */
typedef enum {
  XQ_ROLE_DEFAULT,     /* the kind's own colour (dots grey-green, check red, ...) */
  XQ_ROLE_SELECTION,   /* the piece the learner picked up */
  XQ_ROLE_HINT,        /* a teacher's pointer */
  XQ_ROLE_GOOD,        /* right answer, safe point */
  XQ_ROLE_BAD,         /* wrong answer, attacked point */
  XQ_ROLE_WARNING,     /* danger: check, a hanging piece */
  XQ_ROLE_LAST_MOVE,   /* the move just played */
  XQ_ROLE_NEUTRAL,     /* plain ink */
} XqColorRole;

#define XQ_MARK_LABEL_MAX 8   /* bytes of UTF-8 including the NUL; labels are 1-2 characters */

typedef struct {
  XqMarkKind  kind;
  XqColorRole role;
  XqSquare    sq;
  XqSquare    to;                        /* XQ_MARK_ARROW only, else XQ_NO_SQUARE */
  char        label[XQ_MARK_LABEL_MAX];  /* XQ_MARK_LABEL only: digits, A-Z, a-z */
} XqMark;

/* Enough for a dot on every point plus the usual marks. */
#define XQ_MAX_MARKS 160

/* A plain value: put it on the stack, clear it, add marks.  Drawn in order
 * within each layer (highlights and frames below the pieces; arrows, stars,
 * labels and check rings above them). */
typedef struct {
  int    n_marks;
  XqMark marks[XQ_MAX_MARKS];
} XqAnnotations;

void     xq_annotations_clear     (XqAnnotations *annots);
/* Each returns FALSE (and adds nothing) when the list is full or a square is
 * invalid. */
gboolean xq_annotations_add       (XqAnnotations *annots, XqMarkKind kind, XqColorRole role, XqSquare sq);
gboolean xq_annotations_add_arrow (XqAnnotations *annots, XqColorRole role, XqSquare from, XqSquare to);
gboolean xq_annotations_add_label (XqAnnotations *annots, XqColorRole role, XqSquare sq, const char *label);
/* Adds the warning ring (XQ_MARK_CHECK, role WARNING) on the general of
 * the side to move when it is in check; returns TRUE if it added one. */
gboolean xq_annotations_add_check (XqAnnotations *annots, const XqPosition *pos);
gboolean xq_annotations_equal     (const XqAnnotations *a, const XqAnnotations *b);

/* ---- Geometry: THE transform between squares and pixels ------------------- */

typedef struct {
  double   width, height;  /* the drawing area */
  double   cell;           /* distance between two neighbouring lines */
  double   left, top;      /* pixel position of the top-left board line crossing */
  double   board_x, board_y, board_w, board_h;  /* the board incl. margins, centred in the area */
  gboolean flipped;
  int      shape;          /* XqBoardShape; 0 (the full board) unless set up for a scene */
} XqBoardGeometry;

/* The board keeps its proportions and is centred in width x height. */
void     xq_board_geometry_init   (XqBoardGeometry *geom, double width, double height, gboolean flipped);
/* Width / height of the board with its margins (a bit under 1). */
double   xq_board_aspect_ratio    (void);
/* Centre of the point sq (on a half-board geometry: of the cell sq, see
 * xq_half_board_cell_center). */
void     xq_board_geometry_center (const XqBoardGeometry *geom, XqSquare sq, double *x, double *y);
/* The point under (x, y): the nearest crossing if (x, y) lies within half a
 * cell of it, else XQ_NO_SQUARE (so clicks in the margin hit nothing).  On a
 * half-board geometry: the cell under (x, y). */
XqSquare xq_board_geometry_pick   (const XqBoardGeometry *geom, double x, double y);
/* Radius of a piece disc in pixels. */
double   xq_board_geometry_piece_radius (const XqBoardGeometry *geom);

/* ---- Game-day boards: hidden pieces, the half board, chess figures -------- */

typedef enum {
  XQ_BOARD_SHAPE_FULL = 0,  /* 9 x 10 points, pieces on the crossings */
  XQ_BOARD_SHAPE_HALF = 1,  /* half a board: 8 x 4 cells, pieces inside the cells (翻翻棋) */
} XqBoardShape;

/* Half-board cells: cell = rank * 8 + file, file 0..7 from the first
 * player's left, rank 0..3 from the first player's edge. */
#define XQ_HALF_FILES 8
#define XQ_HALF_RANKS 4
#define XQ_HALF_CELLS 32

static inline int xq_half_cell_make (int file, int rank) { return rank * XQ_HALF_FILES + file; }
static inline int xq_half_cell_file (int cell) { return cell % XQ_HALF_FILES; }
static inline int xq_half_cell_rank (int cell) { return cell / XQ_HALF_FILES; }

/* Width / height of the half board with its margins (about 2). */
double   xq_half_board_aspect_ratio  (void);
/* THE transform for the half board: drawing, annotations and the widget's
 * hit-testing all use these (xq_board_geometry_center and _pick call them
 * when geom->shape is XQ_BOARD_SHAPE_HALF). */
void     xq_half_board_geometry_init (XqBoardGeometry *geom, double width, double height, gboolean flipped);
void     xq_half_board_cell_center   (const XqBoardGeometry *geom, int cell, double *x, double *y);
/* The cell under (x, y), or XQ_NO_SQUARE outside the grid. */
int      xq_half_board_pick          (const XqBoardGeometry *geom, double x, double y);
/* Either board's geometry, by shape. */
void     xq_scene_geometry_init      (XqBoardGeometry *geom, XqBoardShape shape,
                                      double width, double height, gboolean flipped);
/* Width / height of either board. */
double   xq_scene_aspect_ratio       (XqBoardShape shape);

/* What stands on a point.  Xiangqi pieces use their XqPieceType (1..7);
 * the chess figures of 國際中國象棋 follow them. */
typedef enum {
  XQ_FIGURE_NONE = 0,
  XQ_FIGURE_CHESS_KING = 8,
  XQ_FIGURE_CHESS_QUEEN,
  XQ_FIGURE_CHESS_ROOK,
  XQ_FIGURE_CHESS_BISHOP,
  XQ_FIGURE_CHESS_KNIGHT,
  XQ_FIGURE_CHESS_PAWN,
  XQ_N_FIGURES
} XqFigure;

typedef enum {
  XQ_TOKEN_EMPTY = 0,
  XQ_TOKEN_FACE_UP,          /* the figure in its side's colour */
  XQ_TOKEN_FACE_DOWN,        /* a back whose rim shows the side (揭棋: you know your own pieces) */
  XQ_TOKEN_FACE_DOWN_PLAIN,  /* a back that shows nothing at all (暗棋: colour unknown too) */
} XqTokenKind;

typedef struct {
  guint8 kind;    /* XqTokenKind */
  guint8 color;   /* XqColor; not drawn for FACE_DOWN_PLAIN */
  guint8 figure;  /* XqFigure; FACE_UP only (a back never carries what it hides) */
  guint8 cube;    /* the XqPieceType a 超然象棋 cube general shows, drawn with a cube
                   * marker; 0 for every ordinary piece */
} XqToken;

/* A board to draw: its shape and what stands on each point or cell
 * (indices as XqSquare on the full board, as cells on the half board). */
typedef struct {
  XqBoardShape shape;
  XqToken      tokens[XQ_SQUARES];
} XqScene;

void     xq_scene_init          (XqScene *scene, XqBoardShape shape);
/* A full-board scene with the face-up pieces of pos. */
void     xq_scene_set_position  (XqScene *scene, const XqPosition *pos);
/* 90 or 32. */
int      xq_scene_n_points      (const XqScene *scene);
gboolean xq_token_equal         (const XqToken *a, const XqToken *b);

/* A scene of a Game Day state (src/core/variant/xq-variant.h), which
 * should be a view: face-down cells become backs (with their colour only
 * where it is public), 國際中國象棋 gets chess figures, a 超然象棋 general
 * shows its cube face. */
void     xq_scene_set_variant   (XqScene *scene, const XqVariantState *state);
/* The token of a face-up piece of that game (captured pieces, hands). */
XqToken  xq_token_for_variant_piece (XqVariantKind kind, XqPiece piece);
/* The token of a line of a game's key to its pictures (xq_variant_kind_legend). */
XqToken  xq_token_for_variant_legend (XqVariantKind kind, const XqVariantLegend *line);

/* The scene as a standalone SVG, size_px wide (height from the shape). */
char    *xq_render_scene_svg    (const XqScene *scene, const XqRenderStyle *style,
                                 const XqAnnotations *annots, double size_px);
/* One token alone, as xq_render_piece_svg. */
char    *xq_render_token_svg    (const XqToken *token, const XqRenderStyle *style, double diameter_px);

/* ---- SVG ----------------------------------------------------------------- */

/* The whole board (lines, river, marks, numbers, pieces, annotations) as a
 * standalone SVG document, size_px wide and size_px / aspect tall.  pos and
 * annots may be NULL (an empty board, no marks). */
char *xq_render_svg        (const XqPosition *pos, const XqRenderStyle *style,
                            const XqAnnotations *annots, double size_px);
/* Only the board background (no pieces, no annotations). */
char *xq_render_board_svg  (const XqRenderStyle *style, double width, double height);
/* One piece alone, centred in a square SVG of diameter_px (the disc fills it
 * but for a shadow margin). */
char *xq_render_piece_svg  (XqPiece piece, const XqRenderStyle *style, double diameter_px);

/* ---- Rasterising and export ---------------------------------------------- */

/* Draws svg with librsvg into a new ARGB32 image surface of width x height
 * (the SVG is scaled to fit, keeping proportions).  NULL + error on failure. */
cairo_surface_t *xq_render_rasterize_svg (const char *svg, int width, int height, GError **error);
/* xq_render_svg + xq_render_rasterize_svg at width x height. */
cairo_surface_t *xq_render_to_surface    (const XqPosition *pos, const XqRenderStyle *style,
                                          const XqAnnotations *annots, int width, int height,
                                          GError **error);
/* Writes the board to filename; the type comes from the extension: .svg,
 * .png or .pdf.  size_px is the width in pixels (points for PDF). */
gboolean xq_render_export (const XqPosition *pos, const XqRenderStyle *style,
                           const XqAnnotations *annots, double size_px,
                           const char *filename, GError **error);

/* Draws annotations straight onto cr with cairo, in pixel coordinates of
 * geom; layer 0 = below pieces, 1 = above pieces.  The cache uses this so a
 * frame never re-parses SVG; it looks the same as the SVG marks. */
void xq_render_paint_annotations (cairo_t *cr, const XqBoardGeometry *geom,
                                  const XqRenderStyle *style, const XqAnnotations *annots,
                                  const XqPosition *pos, int layer);

/* ---- Cache ----------------------------------------------------------------- */

/* Board backgrounds per (size, style) and pieces per (diameter, piece, set,
 * theme), rasterised once with librsvg and then only composed with cairo. */
typedef struct _XqRenderCache XqRenderCache;

XqRenderCache   *xq_render_cache_new       (void);
void             xq_render_cache_free      (XqRenderCache *cache);
/* Drops every surface (e.g. after a theme change, to free memory). */
void             xq_render_cache_clear     (XqRenderCache *cache);
/* Borrowed ARGB32 surfaces.  A later get_* call may evict old sizes (a
 * resize walks through many), so take a cairo_surface_reference to keep one
 * beyond the current frame.  The board surface is width x height (the board
 * centred in it, transparent around); the piece surface is a square a bit
 * larger than the disc (room for its shadow): draw it at the point given by
 * xq_render_cache_piece_origin. */
cairo_surface_t *xq_render_cache_get_board (XqRenderCache *cache, const XqRenderStyle *style,
                                            int width, int height);
cairo_surface_t *xq_render_cache_get_piece (XqRenderCache *cache, XqPiece piece,
                                            const XqRenderStyle *style, const XqBoardGeometry *geom);
/* Where to put the top-left corner of the piece surface so the disc is
 * centred on the point (cx, cy). */
void             xq_render_cache_piece_origin (const XqBoardGeometry *geom, double cx, double cy,
                                               double *x, double *y);
/* Composes a full frame (board, lower marks, pieces, upper marks) onto cr,
 * which must be in pixel coordinates of a width x height area. */
void             xq_render_cache_draw      (XqRenderCache *cache, cairo_t *cr, const XqPosition *pos,
                                            const XqRenderStyle *style, const XqAnnotations *annots,
                                            int width, int height);
/* The same into a new ARGB32 image surface (full reference, caller unrefs). */
cairo_surface_t *xq_render_cache_compose   (XqRenderCache *cache, const XqPosition *pos,
                                            const XqRenderStyle *style, const XqAnnotations *annots,
                                            int width, int height);
/* Scenes: the same for either board shape, hidden pieces and figures. */
cairo_surface_t *xq_render_cache_get_token (XqRenderCache *cache, const XqToken *token,
                                            const XqRenderStyle *style, const XqBoardGeometry *geom);
void             xq_render_cache_draw_scene (XqRenderCache *cache, cairo_t *cr, const XqScene *scene,
                                             const XqRenderStyle *style, const XqAnnotations *annots,
                                             int width, int height);
cairo_surface_t *xq_render_cache_compose_scene (XqRenderCache *cache, const XqScene *scene,
                                                const XqRenderStyle *style,
                                                const XqAnnotations *annots, int width, int height);
/* One token centred on (cx, cy), squeezed horizontally by x_scale (0..1):
 * a piece being turned over is drawn with x_scale going 1 -> 0 (old face)
 * and 0 -> 1 (new face). */
void             xq_render_cache_draw_token (XqRenderCache *cache, cairo_t *cr, const XqToken *token,
                                             const XqRenderStyle *style, const XqBoardGeometry *geom,
                                             double cx, double cy, double x_scale);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqRenderCache, xq_render_cache_free)

G_END_DECLS
