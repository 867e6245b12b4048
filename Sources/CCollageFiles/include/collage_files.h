/* CCollageFiles: what stat(2) says of a file, in a struct of our own.
 *
 * Why C: with MemberImportVisibility, `struct stat`'s fields belong to whichever module Swift
 * saw <sys/stat.h> through first; once swift-nio is imported that is its internal CNIOLinux,
 * not Glibc. A struct declared here is ours in every module, with fixed-width fields.
 */
#ifndef COLLAGE_FILES_H
#define COLLAGE_FILES_H

#include <stdint.h>

/** A file as stat(2) describes it: which file (device, inode), its size and modification time,
 *  its type (the S_IFMT bits of st_mode, as one of the COLLAGE_FILE_* kinds) and its names. */
typedef struct {
  uint64_t device;
  uint64_t inode;
  int64_t size;
  int64_t modified_seconds;
  int64_t modified_nanoseconds;
  uint64_t links;
  uint32_t kind;
} collage_file_status;

enum {
  COLLAGE_FILE_REGULAR = 1,
  COLLAGE_FILE_DIRECTORY = 2,
  COLLAGE_FILE_LINK = 3,
  COLLAGE_FILE_OTHER = 4
};

/** fstat(2) of `descriptor` into `out`: 0, or the errno it failed with. */
int collage_file_status_of_descriptor(int descriptor, collage_file_status *out);

/** stat(2) of `path` (lstat(2) when `follow_links` is 0) into `out`: 0, or the errno it failed with. */
int collage_file_status_of_path(const char *path, int follow_links, collage_file_status *out);

#endif
