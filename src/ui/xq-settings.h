/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-settings.h: the application's GSettings schema id, for every widget
 * that reads or writes a preference (without including the window). */
#pragma once

/* The schema id does not change for the .Devel build (see data/meson.build). */
#define XQ_SETTINGS_SCHEMA "io.github.xiangqi_tutor.XiangqiTutor"
