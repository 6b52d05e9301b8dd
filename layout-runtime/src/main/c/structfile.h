/* A C reader for structbridge struct files (io.structbridge.runtime.StructFile), header only.

   sb_map() refuses anything that is not a regular file before opening it, opens with O_NONBLOCK
   and checks the descriptor again (a path swapped for a FIFO is refused, never waited on), takes a
   shared lock on the whole file so that no structbridge writer (Java or Python) can shrink the file
   while it is mapped, checks every header field against the caller's struct, and maps the file
   read-only. sb_unmap() unmaps and closes, which releases the lock.

   On Linux the lock is an open file description lock (fcntl F_OFD_SETLK, F_RDLCK, l_pid 0): it
   belongs to this sb_file's descriptor, so several sb_file of one file in one process, a refused
   sb_map, or any other descriptor of the file closed by the process (fopen/fclose) leave it in
   place; it conflicts with the POSIX record locks that Java's FileChannel takes. Where
   F_OFD_SETLK is missing (not Linux, or a kernel older than 3.15: EINVAL) it falls back to a
   classic POSIX record lock (F_SETLK), which belongs to the whole process: there, closing any
   descriptor of the file (sb_unmap of another sb_file of it, a refused sb_map) drops it.

   The lock is advisory: a program that does not take it (truncate(1), a shell redirection) can
   still shrink the file, and reading a page past the new end raises SIGBUS.

   Header (128 bytes, little-endian): 0 magic "SBRIDGE\0", 8 uint32 version (1), 12 uint32 data
   byte order (1 little, 2 big), 16 uint64 size, 24 uint64 alignment, 32 uint64 stride, 40 uint64
   count, 48 uint64 data offset (a multiple of 64, at least 128), 56 char[32] fingerprint, 88
   char[40] struct name (UTF-8, NUL-padded). */
#ifndef STRUCTBRIDGE_STRUCTFILE_H
#define STRUCTBRIDGE_STRUCTFILE_H

/* Include this header first (before any system header), or compile with -D_GNU_SOURCE (Linux: F_OFD_SETLK)
   or at least -D_POSIX_C_SOURCE=200809L. */
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE 1
#endif
#if !defined(_GNU_SOURCE) && (!defined(_POSIX_C_SOURCE) || _POSIX_C_SOURCE < 200809L)
#undef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct sb_file {
    int fd;
    void* base;         /* the whole file, read-only */
    size_t length;      /* bytes mapped */
    const void* data;   /* base + data offset */
    uint64_t count;     /* structs at data */
} sb_file;

static inline uint64_t sb_le64(const unsigned char* p) {
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--) {
        v = v << 8 | p[i];
    }
    return v;
}

static inline const char* sb_kind(mode_t mode) {
    if (S_ISDIR(mode)) return "a directory";
    if (S_ISFIFO(mode)) return "a FIFO";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISSOCK(mode)) return "a socket";
    return "not a regular file";
}

/* Maps the struct file at path holding structs called name (as the header stores it: at most 39 UTF-8 bytes), of the given size and alignment, with
   the given layout fingerprint (STRUCTBRIDGE_FINGERPRINT_<NAME> of the generated header). Returns 0,
   or -1 after writing the reason, which names the path, into error[0..error_size). */
static inline int sb_map(const char* path, const char* name, const char* fingerprint, uint64_t size, uint64_t alignment,
                  sb_file* out, char* error, size_t error_size) {
    struct stat st;
    out->fd = -1;
    out->base = MAP_FAILED;
    if (stat(path, &st) != 0) {
        snprintf(error, error_size, "%s: %s", path, strerror(errno));
        return -1;
    }
    if (!S_ISREG(st.st_mode)) {
        snprintf(error, error_size, "%s: %s, not a regular struct file", path, sb_kind(st.st_mode));
        return -1;
    }
    /* O_NONBLOCK: should the path become a FIFO after stat, open(2) returns instead of waiting. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        snprintf(error, error_size, "%s: %s", path, strerror(errno));
        return -1;
    }
    if (fstat(fd, &st) != 0) {
        snprintf(error, error_size, "%s: fstat: %s", path, strerror(errno));
        close(fd);
        return -1;
    }
    if (!S_ISREG(st.st_mode)) { /* the path changed since stat() */
        snprintf(error, error_size, "%s: %s, not a regular struct file", path, sb_kind(st.st_mode));
        close(fd);
        return -1;
    }
    struct flock lock;
    memset(&lock, 0, sizeof lock);
    lock.l_type = F_RDLCK; /* l_whence SEEK_SET (0), l_start 0, l_len 0: the whole file, however long; l_pid 0 */
    int locked;
#ifdef F_OFD_SETLK
    locked = fcntl(fd, F_OFD_SETLK, &lock);
    if (locked != 0 && errno == EINVAL) {
        locked = fcntl(fd, F_SETLK, &lock); /* a kernel without open file description locks */
    }
#else
    locked = fcntl(fd, F_SETLK, &lock);
#endif
    if (locked != 0) {
        int e = errno;
        snprintf(error, error_size, "%s: locked by another process (a structbridge writer holds an exclusive lock): %s",
                 path, strerror(e));
        close(fd);
        return -1;
    }
    uint64_t file_size = (uint64_t) st.st_size;
    if (file_size < 128) {
        snprintf(error, error_size, "%s: %llu bytes, shorter than the 128-byte header", path, (unsigned long long) file_size);
        close(fd);
        return -1;
    }
    void* base = mmap(NULL, (size_t) file_size, PROT_READ, MAP_SHARED, fd, 0);
    if (base == MAP_FAILED) {
        snprintf(error, error_size, "%s: mmap: %s", path, strerror(errno));
        close(fd);
        return -1;
    }
    const unsigned char* h = (const unsigned char*) base;
    uint32_t version = (uint32_t) h[8] | (uint32_t) h[9] << 8 | (uint32_t) h[10] << 16 | (uint32_t) h[11] << 24;
    uint32_t order = (uint32_t) h[12] | (uint32_t) h[13] << 8 | (uint32_t) h[14] << 16 | (uint32_t) h[15] << 24;
    uint32_t native = 1;
    unsigned char first;
    memcpy(&first, &native, 1);
    native = first == 1 ? 1 : 2;
    uint64_t f_size = sb_le64(h + 16), f_align = sb_le64(h + 24), stride = sb_le64(h + 32);
    uint64_t count = sb_le64(h + 40), data = sb_le64(h + 48);
    char f_name[41] = {0};
    memcpy(f_name, h + 88, 40);
    const char* problem = NULL;
    if (memcmp(h, "SBRIDGE\0", 8) != 0) {
        problem = "not a structbridge struct file (bad magic)";
    } else if (version != 1) {
        problem = "format version is not 1";
    } else if (order != native) {
        problem = "data byte order differs from this machine's";
    } else if (memcmp(h + 56, fingerprint, 32) != 0 || f_size != size || stride != size || f_align != alignment
               || strcmp(f_name, name) != 0) {
        /* both layouts named, as Java's StructFile and Python's open_array do; the file's bytes shown printable */
        char f_print[41] = {0}, fp_print[33] = {0};
        for (int i = 0; i < 40 && f_name[i] != 0; i++) {
            f_print[i] = f_name[i] >= 0x20 && f_name[i] < 0x7f ? f_name[i] : '?';
        }
        for (int i = 0; i < 32; i++) {
            unsigned char c = h[56 + i];
            fp_print[i] = c >= 0x20 && c < 0x7f ? (char) c : '?';
        }
        snprintf(error, error_size, "%s: the file holds %s (fingerprint %s, size %llu, alignment %llu, stride %llu);"
                 " the reader expects %s (fingerprint %.32s, size %llu, alignment %llu, stride %llu)", path, f_print,
                 fp_print, (unsigned long long) f_size, (unsigned long long) f_align, (unsigned long long) stride, name,
                 fingerprint, (unsigned long long) size, (unsigned long long) alignment, (unsigned long long) size);
        munmap(base, (size_t) file_size);
        close(fd);
        return -1;
    } else if (data < 128 || data % 64 != 0 || data > file_size || count > (file_size - data) / stride) {
        problem = "count structs at the data offset do not fit the file";
    }
    if (problem != NULL) {
        snprintf(error, error_size, "%s: %s", path, problem);
        munmap(base, (size_t) file_size);
        close(fd);
        return -1;
    }
    out->fd = fd;
    out->base = base;
    out->length = (size_t) file_size;
    out->data = (const unsigned char*) base + data;
    out->count = count;
    return 0;
}

/* Unmaps the file and closes it, releasing the lock. */
static inline void sb_unmap(sb_file* f) {
    if (f->base != MAP_FAILED) {
        munmap(f->base, f->length);
        f->base = MAP_FAILED;
    }
    if (f->fd >= 0) {
        close(f->fd);
        f->fd = -1;
    }
}

#endif
