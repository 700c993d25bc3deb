/* SPDX-License-Identifier: GPL-3.0-or-later */
/* first-frame: starts a program and reports when its first window is mapped
 * and first drawn, and how much memory it holds a while after the launch.
 *
 *   first-frame [--rss-at SECONDS] PROGRAM [ARG...]
 *
 * prints one line:
 *
 *   map-ms FRAME-ms CPU-ms RSS-KiB SETTLED-ms SETTLED-CPU-ms SETTLED-RSS-KiB REST-CPU
 *
 * map-ms: launch to the MapNotify of a top-level window whose _NET_WM_PID is
 * the program's; frame-ms: launch to the program's first drawing into that
 * window (a DamageNotify, that is, the first frame a person sees); CPU-ms: user and
 * system time the process had used when that frame arrived (the same work
 * whatever else the machine is doing); RSS-KiB: VmRSS from /proc/PID/status
 * SECONDS (default 2) after the launch; SETTLED-ms: launch to the last
 * drawing that was followed by QUIET_MS without any, that is, when the
 * window stopped changing (a program that shows its window first and its
 * content a moment later has its first frame early but settles late), and
 * SETTLED-CPU-ms the CPU time used by then, SETTLED-RSS-KiB its VmRSS
 * QUIET_MS after that (on a loaded machine the 2 s may come before the
 * first frame; this one always comes after); REST-CPU: the CPU time it used
 * in the quiet time after it settled, in ms a second (a window at rest
 * should use none: a hidden animation still ticking shows here and nowhere
 * else).  The program is then killed
 * (after 60 s at the latest, with -1 for what did not come).
 *
 * Mapping a window makes the X server paint its background, which reports
 * damage in the same millisecond as the map; that one is not the program's
 * and is skipped (a program draws its first frame only after it has seen
 * the map, laid out its widgets and rendered them).
 *
 * It listens for X events instead of polling: `xdotool search --sync` sleeps
 * half a second between looks, which rounds every launch up to 0.5 s or 1 s
 * and hides any difference between two programs.
 *
 * With FIRST_FRAME_POINTER=X,Y it first moves the pointer to that point of
 * the screen: a window that opens under the pointer is hovered at once, and
 * what is under it may draw again (tools/bench-startup.sh, POINTER).
 *
 * With FIRST_FRAME_TRACE set in the environment it also writes to stderr the
 * CLOCK_MONOTONIC time of the launch, the map and every drawing into the
 * window (the first of each burst), to line them up with `perf record -k
 * CLOCK_MONOTONIC` samples (docs/building.md, "Start-up"); with
 * FIRST_FRAME_SHOTS=DIR it saves the window after each of those drawings as
 * DIR/frame-N.ppm, and the settled window last, to see what each frame
 * showed (this slows the launch).
 *
 * Built and run by tools/bench-startup.sh (needs libx11-dev, libxdamage-dev). */
#define _GNU_SOURCE
#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/Xdamage.h>

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* No drawing for this long after the last one: the window has settled. */
#define QUIET_MS 1000

static double
now_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* utime + stime of PID in milliseconds, or -1. */
static double
cpu_ms (pid_t pid)
{
  char path[64], buf[1024], *p;
  unsigned long utime, stime;
  FILE *f;
  size_t n;

  snprintf (path, sizeof path, "/proc/%d/stat", (int) pid);
  f = fopen (path, "r");
  if (f == NULL)
    return -1;
  n = fread (buf, 1, sizeof buf - 1, f);
  fclose (f);
  buf[n] = '\0';
  /* The command name may hold spaces; the fields start after its ')'. */
  p = strrchr (buf, ')');
  if (p == NULL
      || sscanf (p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &utime, &stime) != 2)
    return -1;
  return (utime + stime) * 1000.0 / sysconf (_SC_CLK_TCK);
}

static long
rss_kib (pid_t pid)
{
  char path[64], line[256];
  long kib = -1;
  FILE *f;

  snprintf (path, sizeof path, "/proc/%d/status", (int) pid);
  f = fopen (path, "r");
  if (f == NULL)
    return -1;
  while (fgets (line, sizeof line, f) != NULL)
    if (sscanf (line, "VmRSS: %ld", &kib) == 1)
      break;
  fclose (f);
  return kib;
}

/* The _NET_WM_PID of WINDOW, or 0. */
static pid_t
window_pid (Display *dpy,
            Window   window)
{
  Atom atom = XInternAtom (dpy, "_NET_WM_PID", False), type;
  unsigned long n, after;
  unsigned char *data = NULL;
  pid_t pid = 0;
  int format;

  if (XGetWindowProperty (dpy, window, atom, 0, 1, False, XA_CARDINAL, &type, &format,
                          &n, &after, &data) == Success && data != NULL)
    {
      if (type == XA_CARDINAL && format == 32 && n == 1)
        pid = (pid_t) *(unsigned long *) data;
      XFree (data);
    }
  return pid;
}

/* Writes WINDOW as it is now to DIR/frame-N.ppm (FIRST_FRAME_SHOTS), to
 * look at what each frame showed.  The damage arrives when the drawing is
 * done, so the image is that frame or, at worst, a later one. */
static void
save_frame (Display    *dpy,
            Window      window,
            const char *dir,
            int         n)
{
  XWindowAttributes attrs;
  char path[4096];
  XImage *image;
  FILE *f;

  if (!XGetWindowAttributes (dpy, window, &attrs))
    return;
  image = XGetImage (dpy, window, 0, 0, attrs.width, attrs.height, AllPlanes, ZPixmap);
  if (image == NULL)
    return;
  snprintf (path, sizeof path, "%s/frame-%d.ppm", dir, n);
  f = fopen (path, "wb");
  if (f != NULL)
    {
      fprintf (f, "P6\n%d %d\n255\n", image->width, image->height);
      for (int y = 0; y < image->height; y++)
        for (int x = 0; x < image->width; x++)
          {
            unsigned long pixel = XGetPixel (image, x, y);

            fputc ((pixel >> 16) & 0xff, f);
            fputc ((pixel >> 8) & 0xff, f);
            fputc (pixel & 0xff, f);
          }
      fclose (f);
    }
  XDestroyImage (image);
}

static int
ignore_x_error (Display     *dpy __attribute__ ((unused)),
                XErrorEvent *event __attribute__ ((unused)))
{
  /* A window may be gone before its properties are read. */
  return 0;
}

int
main (int   argc,
      char *argv[])
{
  double rss_at = 2.0, start, map_ms = -1, frame_ms = -1, frame_cpu = -1, rest_cpu = -1;
  double last_ms = -1, last_cpu = -1;
  int background_painted = 0, trace = getenv ("FIRST_FRAME_TRACE") != NULL, n_shots = 0;
  const char *shots = getenv ("FIRST_FRAME_SHOTS");
  long rss = -1, settled_rss = -1;
  int damage_event, damage_error, argi = 1, status;
  Window mapped = None;
  Display *dpy;
  pid_t pid;

  if (argc > 2 && strcmp (argv[1], "--rss-at") == 0)
    {
      rss_at = atof (argv[2]);
      argi = 3;
    }
  if (argi >= argc)
    {
      fprintf (stderr, "usage: first-frame [--rss-at SECONDS] PROGRAM [ARG...]\n");
      return 2;
    }
  /* On a loaded machine the server can refuse a connection for a moment
   * while the last launch's client is still being torn down: try again. */
  for (int i = 0; i < 50 && (dpy = XOpenDisplay (NULL)) == NULL; i++)
    usleep (100 * 1000);
  if (dpy == NULL)
    {
      fprintf (stderr, "first-frame: cannot open the display\n");
      return 1;
    }
  if (!XDamageQueryExtension (dpy, &damage_event, &damage_error))
    {
      fprintf (stderr, "first-frame: the X server has no DAMAGE extension\n");
      return 1;
    }
  XSetErrorHandler (ignore_x_error);
  XSelectInput (dpy, DefaultRootWindow (dpy), SubstructureNotifyMask);
  if (getenv ("FIRST_FRAME_POINTER") != NULL)
    {
      int x, y;

      if (sscanf (getenv ("FIRST_FRAME_POINTER"), "%d,%d", &x, &y) != 2)
        {
          fprintf (stderr, "first-frame: FIRST_FRAME_POINTER must be X,Y\n");
          return 2;
        }
      XWarpPointer (dpy, None, DefaultRootWindow (dpy), 0, 0, 0, 0, x, y);
    }
  XSync (dpy, False);

  start = now_ms ();
  if (trace)
    fprintf (stderr, "first-frame: launch at %.3f ms\n", start);
  pid = fork ();
  if (pid < 0)
    {
      perror ("first-frame: fork");
      return 1;
    }
  if (pid == 0)
    {
      execvp (argv[argi], argv + argi);
      fprintf (stderr, "first-frame: %s: %s\n", argv[argi], strerror (errno));
      _exit (127);
    }

  /* Until the first frame and the RSS reading are both in and the window
   * has settled, or 60 s. */
  while ((frame_ms < 0 || rss < 0 || now_ms () - start - last_ms < QUIET_MS)
         && now_ms () - start < 60e3)
    {
      struct pollfd pfd = { .fd = ConnectionNumber (dpy), .events = POLLIN };
      double left = rss_at * 1000 - (now_ms () - start);

      if (waitpid (pid, &status, WNOHANG) == pid)
        {
          fprintf (stderr, "first-frame: %s exited\n", argv[argi]);
          return 1;
        }
      if (rss < 0 && left <= 0)
        rss = rss_kib (pid);
      if (XPending (dpy) == 0 && poll (&pfd, 1, rss < 0 && left < 50 ? (int) left + 1 : 50) <= 0)
        continue;
      while (XPending (dpy) > 0)
        {
          XEvent event;

          XNextEvent (dpy, &event);
          if (event.type == CreateNotify)
            /* Watch every new top-level from its creation, so that no
             * drawing between the map and our request is missed; every
             * drawing is reported, so the background's report cannot hide
             * the program's. */
            XDamageCreate (dpy, event.xcreatewindow.window, XDamageReportRawRectangles);
          else if (event.type == MapNotify && mapped == None
                   && window_pid (dpy, event.xmap.window) == pid)
            {
              mapped = event.xmap.window;
              map_ms = now_ms () - start;
              if (trace)
                fprintf (stderr, "first-frame: map at +%.1f ms\n", map_ms);
            }
          else if (event.type == damage_event + XDamageNotify && mapped != None
                   && ((XDamageNotifyEvent *) &event)->drawable == mapped)
            {
              double t = now_ms () - start;
              XDamageNotifyEvent *damage = (XDamageNotifyEvent *) &event;

              if (trace && (frame_ms < 0 || t - last_ms > 20))
                fprintf (stderr, "first-frame: damage %dx%d+%d+%d at +%.1f ms\n",
                         damage->area.width, damage->area.height, damage->area.x, damage->area.y, t);
              if (shots != NULL && (frame_ms < 0 || t - last_ms > 20))
                save_frame (dpy, mapped, shots, n_shots++);

              if (!background_painted && t - map_ms <= 2)
                background_painted = 1;
              else
                {
                  last_ms = t;
                  last_cpu = cpu_ms (pid);
                  if (frame_ms < 0)
                    {
                      frame_ms = last_ms;
                      frame_cpu = last_cpu;
                    }
                }
            }
        }
    }
  if (shots != NULL && mapped != None)
    save_frame (dpy, mapped, shots, n_shots++);
  if (now_ms () - start - last_ms < QUIET_MS)
    last_ms = last_cpu = -1;
  else
    {
      double quiet_ms = now_ms () - start - last_ms;

      settled_rss = rss_kib (pid);
      rest_cpu = (cpu_ms (pid) - last_cpu) * 1000 / quiet_ms;
    }
  printf ("%.0f %.0f %.0f %ld %.0f %.0f %ld %.0f\n", map_ms, frame_ms, frame_cpu, rss, last_ms, last_cpu,
          settled_rss, rest_cpu);
  kill (pid, SIGTERM);
  waitpid (pid, &status, 0);
  XCloseDisplay (dpy);
  return map_ms < 0 || frame_ms < 0 ? 1 : 0;
}
