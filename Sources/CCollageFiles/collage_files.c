#include "collage_files.h"

#include <errno.h>
#include <stddef.h>
#include <sys/stat.h>

static uint32_t kind_of(mode_t mode) {
  switch (mode & S_IFMT) {
    case S_IFREG: return COLLAGE_FILE_REGULAR;
    case S_IFDIR: return COLLAGE_FILE_DIRECTORY;
    case S_IFLNK: return COLLAGE_FILE_LINK;
    default: return COLLAGE_FILE_OTHER;
  }
}

static void fill(const struct stat *info, collage_file_status *out) {
  out->device = (uint64_t)info->st_dev;
  out->inode = (uint64_t)info->st_ino;
  out->size = (int64_t)info->st_size;
  out->modified_seconds = (int64_t)info->st_mtim.tv_sec;
  out->modified_nanoseconds = (int64_t)info->st_mtim.tv_nsec;
  out->links = (uint64_t)info->st_nlink;
  out->kind = kind_of(info->st_mode);
}

int collage_file_status_of_descriptor(int descriptor, collage_file_status *out) {
  if (out == NULL) return EINVAL;
  struct stat info;
  if (fstat(descriptor, &info) != 0) return errno;
  fill(&info, out);
  return 0;
}

int collage_file_status_of_path(const char *path, int follow_links, collage_file_status *out) {
  if (path == NULL || out == NULL) return EINVAL;
  struct stat info;
  int result = follow_links ? stat(path, &info) : lstat(path, &info);
  if (result != 0) return errno;
  fill(&info, out);
  return 0;
}
