/* SPDX-License-Identifier: MIT */
/*
 * Helpers for tests of the gensim stack: find and open its DRM nodes,
 * start and stop the device process, load and unload through the same
 * make targets users run.
 */
#ifndef GENSIM_IGT_GENSIM_H
#define GENSIM_IGT_GENSIM_H

#include <stdbool.h>
#include <sys/types.h>

const char *gensim_top(void);
int gensim_system(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
bool gensim_module_loaded(void);
void gensim_load(void);
void gensim_unload(void);

int gensim_render_minor(void);
int gensim_card_minor(void);
int gensim_open_render(void);
/* The first /dev/dri/card* whose driver is vgem (a dma-buf exporter), or -1. */
int gensim_open_vgem(void);
bool gensim_wait_render_node(bool present, int timeout_ms);

pid_t gensim_device_spawn(const char *args);
pid_t gensim_device_start(const char *args);
int gensim_device_wait(pid_t pid, int timeout_ms);
int gensim_device_stop(pid_t pid, int sig);

char *gensim_debugfs(const char *file);
char *gensim_read_file(const char *path);
char *gensim_dmesg(void);
int gensim_param_set(const char *name, const char *value);
int gensim_param_get(const char *name);

/*
 * Module-wide object counts, /sys/kernel/debug/gensim/objects: one
 * "name: N" line per kind, in gensim_object_names[] order.
 */
#define GENSIM_OBJECT_KINDS 7
extern const char *const gensim_object_names[GENSIM_OBJECT_KINDS];
struct gensim_objects {
	long n[GENSIM_OBJECT_KINDS];	/* -1: the file has no such line */
};
int gensim_objects(struct gensim_objects *o);
int gensim_objects_diff(const struct gensim_objects *have, const struct gensim_objects *want,
			char *buf, size_t len);
bool gensim_objects_wait(const struct gensim_objects *want, int timeout_ms,
			 struct gensim_objects *last);

/* gensim-device processes, whoever started them. */
pid_t gensim_device_pid(void);
bool gensim_pid_alive(pid_t pid);
char gensim_pid_state(pid_t pid);

#endif
