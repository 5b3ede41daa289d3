// The workbook's parts deflated at zlib's fastest level.
//
// libxlsxwriter 1.1.4 packs a workbook with minizip and asks for zlib's default level (6), with no setting
// to change it; at that level deflating is most of the time a workbook takes. This definition of minizip's
// zipOpenNewFileInZip4_64 is linked into every executable that writes workbooks, so the dynamic linker
// finds it before libminizip's when libxlsxwriter calls it; it passes the call on to libminizip's own
// with level 1 instead. The parts are the same bytes once inflated; the file is a sixth to a quarter
// larger, and written in a half to two thirds of the time (BENCHMARKS.md). The C baseline of `criteria-bench
// exporters` is compiled with this file too, so both deflate alike.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>

enum { WORKBOOK_DEFLATE_LEVEL = 1, ZIP_INTERNALERROR = -104 };

typedef int (*open_new_file_t)(
    void *file, const char *filename, const void *zipfi, const void *extrafield_local,
    unsigned int size_extrafield_local, const void *extrafield_global,
    unsigned int size_extrafield_global, const char *comment, int method, int level, int raw,
    int windowBits, int memLevel, int strategy, const char *password,
    unsigned long crcForCrypting, unsigned long versionMadeBy, unsigned long flagBase, int zip64);

int zipOpenNewFileInZip4_64(
    void *file, const char *filename, const void *zipfi, const void *extrafield_local,
    unsigned int size_extrafield_local, const void *extrafield_global,
    unsigned int size_extrafield_global, const char *comment, int method, int level, int raw,
    int windowBits, int memLevel, int strategy, const char *password,
    unsigned long crcForCrypting, unsigned long versionMadeBy, unsigned long flagBase, int zip64) {
  // Workbooks are written side by side, so the lookup is published atomically (any thread finds the same).
  static open_new_file_t minizip;
  open_new_file_t next = __atomic_load_n(&minizip, __ATOMIC_ACQUIRE);
  if (next == NULL) {
    next = (open_new_file_t)dlsym(RTLD_NEXT, "zipOpenNewFileInZip4_64");
    if (next == NULL) return ZIP_INTERNALERROR;
    __atomic_store_n(&minizip, next, __ATOMIC_RELEASE);
  }
  // Z_DEFLATED (8) is deflate; a stored part (method 0) or a raw copy keeps the level it was given.
  int deflated = method == 8 && !raw;
  return next(
      file, filename, zipfi, extrafield_local, size_extrafield_local, extrafield_global,
      size_extrafield_global, comment, method, deflated ? WORKBOOK_DEFLATE_LEVEL : level, raw,
      windowBits, memLevel, strategy, password, crcForCrypting, versionMadeBy, flagBase, zip64);
}
