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

   Header, format version 2 (128 bytes, every number little-endian; the full description is in the
   Javadoc of io.structbridge.runtime.StructFile): 0 magic "SBRIDGE\0", 8 uint32 version (2), 12
   uint32 data byte order (1 little, 2 big), 16 uint64 size, 24 uint64 alignment, 32 uint64 stride,
   40 uint64 count, 48 uint64 data offset (a multiple of 64, at least 128), 56 char[32] fingerprint,
   88 char[32] struct name (UTF-8, at most 31 bytes, NUL-padded), 120 uint32 flags (0x1 open for
   writing, 0x2 being created), 124 uint32 CRC-32 (zlib's crc32) of bytes 0..123.

   sb_map checks, in the order and with the very messages of Java's StructFile.open and Python's
   open_array: length, magic, version, checksum, flags, byte order, layout (fingerprint, name, size,
   alignment, stride), data offset, and the count against the file's length (exactly, unless flag
   0x1 says a writer has the file open or died with it open). Version 1 files are refused.

   Format version 3 (a record of layout version V > 1; docs/struct-files.md, "Format 3"): the same header, whose
   version field is 3 and whose size, alignment, stride and fingerprint are layout version V's, then at byte 128
   a lineage block: uint32 N (the file's layout version, 1 to 65535), uint32 0, then N entries of 56 bytes
   (uint32 version k, uint32 0, uint64 size, uint64 alignment, char[32] fingerprint, NUL-padded), k = 1..N. The
   checksum covers bytes 0..123 and then the block; the structs start at the first multiple of 64 past it.

   sb_map reads format 2 and 3 files of the caller's own layout only (the header's fingerprint, size, alignment,
   stride and name); any other is refused naming both layouts. sb_map_versions takes the reader's lineage (the
   generated header's SB_LINEAGE_<Name>, layout versions 1 to V) and reads, as Java's StructFile does, a file of
   any layout version whose lineage agrees with the reader's on every version both hold:

       static const sb_layout_version lineage[] = { SB_LINEAGE_Tick(sb_lineage_entry) };
       sb_file f; char err[1024]; // a layout refusal runs to several hundred bytes: a smaller buffer cuts it
       if (sb_map_versions("ticks.sb", "Tick", lineage, SB_LAYOUT_VERSION_Tick, &f, err, sizeof err) != 0) ...

   f.version is then the file's layout version and f.stride the bytes between its structs:
   - f.version == the reader's: as sb_map, f.stride == sizeof(Tick), ((const Tick*) f.data)[i].
   - f.version > the reader's (a newer file): each struct begins with the reader's members at the reader's
     offsets, and more bytes follow: (const Tick*) ((const char*) f.data + i * f.stride), or sb_read.
   - f.version < the reader's (an older file): the structs are shorter than sizeof(Tick); sb_read(&f, i, &t,
     sizeof t) copies struct i's f.stride bytes and zero-fills the rest, the zero defaults of the members added
     since (Java's widened copy). Never cast f.data to const Tick* then.
   The checks are those of sb_map with Java's two more for format 3 (the block's length right after the version,
   its shape right after the byte order: reserved words 0, entry k of version k, each entry's alignment a power of
   two and its size a positive multiple of it, neither smaller than the entry before's) and Java's comparison of lineages, with Java's messages word for word. */
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
#if defined(__GLIBC__) && !defined(__USE_XOPEN2K8)
/* glibc's <features.h> ran before this header, without POSIX 2008 (O_CLOEXEC, S_ISSOCK): a system header came first */
#error "structfile.h: include it before any system header (it asks for POSIX 2008 and, on Linux, _GNU_SOURCE), or compile with -D_GNU_SOURCE"
#else /* the rest of the header, which would only add errors naming its symptoms */
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
    uint64_t stride;    /* bytes between structs in the file: the size of the file's layout version */
    uint32_t version;   /* the file's layout version: 1 for format 2, the lineage block's N for format 3 */
} sb_file;

/* One layout version of a reader's lineage (sb_map_versions): versions 1 to V in order, V the reader's own. */
typedef struct sb_layout_version {
    uint32_t version;
    uint64_t size;
    uint64_t alignment;
    const char* fingerprint;
} sb_layout_version;

/* The initializer of one sb_layout_version, for the generated SB_LINEAGE_<Name>(sb_lineage_entry) list (lower case:
   no record can be named sb_..., so no generated SB_..._<Name> macro takes this name). */
#define sb_lineage_entry(version, size, alignment, fingerprint) {version, size, alignment, fingerprint},

static inline uint64_t sb_le64(const unsigned char* p) {
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--) {
        v = v << 8 | p[i];
    }
    return v;
}

static inline uint32_t sb_le32(const unsigned char* p) {
    return (uint32_t) p[0] | (uint32_t) p[1] << 8 | (uint32_t) p[2] << 16 | (uint32_t) p[3] << 24;
}

/* CRC-32 as zlib's crc32 and java.util.zip.CRC32 compute it (polynomial 0xEDB88320, reflected), continuing the
   CRC-32 crc of earlier bytes (0 for none) over p[0..n), as zlib.crc32(data, crc) does. */
static inline uint32_t sb_crc32_more(uint32_t crc, const unsigned char* p, size_t n) {
    uint32_t c = crc ^ 0xFFFFFFFFu;
    for (size_t i = 0; i < n; i++) {
        c ^= p[i];
        for (int k = 0; k < 8; k++) {
            c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1u)));
        }
    }
    return c ^ 0xFFFFFFFFu;
}

/* CRC-32 of p[0..n). */
static inline uint32_t sb_crc32(const unsigned char* p, size_t n) {
    return sb_crc32_more(0, p, n);
}

/* Whether p[0..n) is valid UTF-8 (no overlong forms, surrogates or code points past U+10FFFF) without control
   characters (below 0x20, or 0x7F). */
static inline int sb_plain_utf8(const unsigned char* p, size_t n) {
    size_t i = 0;
    while (i < n) {
        unsigned char c = p[i];
        if (c < 0x80) {
            if (c < 0x20 || c == 0x7F) return 0;
            i++;
            continue;
        }
        size_t len = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
        if (len == 0 || i + len > n) return 0;
        unsigned char lo = 0x80, hi = 0xBF;
        if (c == 0xE0) lo = 0xA0;
        if (c == 0xED) hi = 0x9F;
        if (c == 0xF0) lo = 0x90;
        if (c == 0xF4) hi = 0x8F;
        if (p[i + 1] < lo || p[i + 1] > hi) return 0;
        for (size_t k = 2; k < len; k++) {
            if ((p[i + k] & 0xC0) != 0x80) return 0;
        }
        i += len;
    }
    return 1;
}

/* A header text field (up to its first NUL, at most 32 bytes) as the messages show it: as is if it is plain UTF-8
   (sb_plain_utf8), else byte by byte, printable ASCII as itself and any other byte as \xNN. out holds 129 bytes. */
static inline void sb_shown(const unsigned char* field, char* out) {
    size_t n = 0;
    while (n < 32 && field[n] != 0) n++;
    if (sb_plain_utf8(field, n)) {
        memcpy(out, field, n);
        out[n] = 0;
        return;
    }
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        if (field[i] >= 0x20 && field[i] < 0x7F) {
            out[o++] = (char) field[i];
        } else {
            snprintf(out + o, 5, "\\x%02x", field[i]);
            o += 4;
        }
    }
    out[o] = 0;
}

static inline const char* sb_kind(mode_t mode) {
    if (S_ISDIR(mode)) return "a directory";
    if (S_ISFIFO(mode)) return "a FIFO";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISSOCK(mode)) return "a socket";
    return "a special file (FIFO, socket or device)"; /* Java's RegularFiles.kind for a kind it cannot name */
}

/* The text of a 32-byte header field as sb_shown shows it, for an entry of a reader's lineage: as is. */
static inline int sb_field_is(const unsigned char* field, const char* text) {
    size_t n = 0, t = strlen(text);
    while (n < 32 && field[n] != 0) n++;
    return n == t && memcmp(field, text, n) == 0;
}

/* Checks the shape of lineage entry k of n (at e; entry k - 1, if k > 1, 56 bytes before it) with the words of Java's
   StructFileLineage.shape: an alignment that is a power of two, a size that is a positive multiple of it, and for
   k > 1 an alignment and a size no smaller than entry k - 1's (a later layout version only appends members). Returns
   0, or -1 after writing the reason into error. */
static inline int sb_entry_shape(const char* path, const unsigned char* e, uint32_t k, uint32_t n, char* error,
                                 size_t error_size) {
    uint64_t size = sb_le64(e + 8), alignment = sb_le64(e + 16);
    uint64_t before_size = k > 1 ? sb_le64(e - 56 + 8) : 0, before_alignment = k > 1 ? sb_le64(e - 56 + 16) : 0;
    if (alignment == 0 || (alignment & (alignment - 1)) != 0) {
        snprintf(error, error_size, "%s: lineage entry %lu of %lu has alignment %llu, not a power of two", path,
                 (unsigned long) k, (unsigned long) n, (unsigned long long) alignment);
        return -1;
    }
    if (size == 0 || size % alignment != 0) {
        snprintf(error, error_size, "%s: lineage entry %lu of %lu has size %llu, not a positive multiple of its alignment "
                 "%llu", path, (unsigned long) k, (unsigned long) n, (unsigned long long) size,
                 (unsigned long long) alignment);
        return -1;
    }
    if (k > 1 && alignment < before_alignment) {
        snprintf(error, error_size, "%s: lineage entry %lu of %lu has alignment %llu, less than the alignment %llu of entry "
                 "%lu (a later layout version only appends members)", path, (unsigned long) k, (unsigned long) n,
                 (unsigned long long) alignment, (unsigned long long) before_alignment, (unsigned long) (k - 1));
        return -1;
    }
    if (k > 1 && size < before_size) {
        snprintf(error, error_size, "%s: lineage entry %lu of %lu has size %llu, less than the size %llu of entry %lu (a "
                 "later layout version only appends members)", path, (unsigned long) k, (unsigned long) n,
                 (unsigned long long) size, (unsigned long long) before_size, (unsigned long) (k - 1));
        return -1;
    }
    return 0;
}

/* Checks the header of a mapped file of file_size bytes (at least 128) in Java's order, with Java's messages; the
   reader is lineage[0..n) (versions 1 to n, the last its own layout) or, for sb_map (lineage NULL), the layout
   fingerprint, size, alignment alone, which must be the file's own. Returns 0 with *version, *stride, *count and
   *data set, or -1 after writing the reason into error. */
static inline int sb_check_header(const char* path, const unsigned char* h, uint64_t file_size, const char* name,
                                  const sb_layout_version* lineage, uint32_t n, const char* fingerprint, uint64_t size,
                                  uint64_t alignment, uint32_t* out_version, uint64_t* out_stride, uint64_t* out_count,
                                  uint64_t* out_data, char* error, size_t error_size) {
    uint32_t native = 1;
    unsigned char first;
    memcpy(&first, &native, 1);
    native = first == 1 ? 1 : 2;
    uint32_t version = sb_le32(h + 8), order = sb_le32(h + 12), flags = sb_le32(h + 120);
    uint32_t stored = sb_le32(h + 124);
    uint64_t f_size = sb_le64(h + 16), f_align = sb_le64(h + 24), stride = sb_le64(h + 32);
    uint64_t count = sb_le64(h + 40), data = sb_le64(h + 48);
    size_t f_name_len = 0, name_len = strlen(name);
    while (f_name_len < 32 && h[88 + f_name_len] != 0) f_name_len++;
    if (name_len > 31) {
        name_len = 31;
        while (name_len > 0 && ((unsigned char) name[name_len] & 0xC0) == 0x80) name_len--; /* a character cut */
    }
    char shown_a[129], shown_b[129];
    if (memcmp(h, "SBRIDGE\0", 8) != 0) {
        snprintf(error, error_size, "%s: not a structbridge struct file (bad magic)", path);
        return -1;
    }
    if (version != 2 && version != 3) {
        snprintf(error, error_size, "%s: format version %lu, this reader knows 2 and 3%s", path, (unsigned long) version,
                 version == 1 ? " (version 1 has no header checksum: write the file again)" : "");
        return -1;
    }
    uint32_t entries = 1;
    uint64_t end = 128; /* past the bytes the checksum covers */
    if (version == 3) {
        if (file_size < 136) {
            snprintf(error, error_size, "%s: %llu bytes end inside the lineage block of a format-3 file (its entry count "
                     "is bytes 128 to 131)", path, (unsigned long long) file_size);
            return -1;
        }
        uint32_t e = sb_le32(h + 128);
        if (e < 1 || e > 65535) {
            snprintf(error, error_size, "%s: the lineage block lists %lu layout versions; a format-3 file lists 1 to 65535",
                     path, (unsigned long) e);
            return -1;
        }
        end = 136 + 56 * (uint64_t) e;
        if (end > file_size) {
            snprintf(error, error_size, "%s: the lineage block of %lu layout versions (bytes 128 to %llu) does not fit the "
                     "file's %llu bytes", path, (unsigned long) e, (unsigned long long) (end - 1),
                     (unsigned long long) file_size);
            return -1;
        }
        entries = e;
    }
    uint32_t computed = sb_crc32(h, 124);
    if (end > 128) {
        computed = sb_crc32_more(computed, h + 128, (size_t) (end - 128));
    }
    if (stored != computed) {
        snprintf(error, error_size, "%s: header checksum 0x%08lx does not match the header's bytes (CRC-32 0x%08lx): "
                 "the header is corrupt", path, (unsigned long) stored, (unsigned long) computed);
        return -1;
    }
    if ((flags & ~3u) != 0) {
        snprintf(error, error_size, "%s: header flags 0x%08lx hold bits this reader does not know (it knows 0x00000003)",
                 path, (unsigned long) flags);
        return -1;
    }
    if ((flags & 2u) != 0) {
        snprintf(error, error_size, "%s: a struct file that create did not finish (header flag 0x2): a temporary file, "
                 "or a create that was interrupted", path);
        return -1;
    }
    if (order != 1 && order != 2) {
        snprintf(error, error_size, "%s: data byte order %lu is neither 1 (little-endian) nor 2 (big-endian)", path,
                 (unsigned long) order);
        return -1;
    }
    if (order != native) {
        snprintf(error, error_size, "%s: data byte order %lu differs from this machine's %lu", path, (unsigned long) order,
                 (unsigned long) native);
        return -1;
    }
    if (version == 3) {
        for (uint32_t k = 0; k <= entries; k++) {
            uint64_t at = k == 0 ? 132 : 136 + 56 * (uint64_t) (k - 1) + 4; /* the block's reserved word, then entry k's */
            uint32_t v = sb_le32(h + at);
            if (v != 0) {
                snprintf(error, error_size, "%s: bytes %llu to %llu (reserved, in the lineage block) hold 0x%08lx; a "
                         "format-3 file has 0 there", path, (unsigned long long) at, (unsigned long long) (at + 3),
                         (unsigned long) v);
                return -1;
            }
            if (k > 0) {
                uint32_t kv = sb_le32(h + 136 + 56 * (uint64_t) (k - 1));
                if (kv != k) {
                    snprintf(error, error_size, "%s: lineage entry %lu of %lu holds layout version %lu; the entries of a "
                             "format-3 file are versions 1 to %lu in order", path, (unsigned long) k,
                             (unsigned long) entries, (unsigned long) kv, (unsigned long) entries);
                    return -1;
                }
                if (sb_entry_shape(path, h + 136 + 56 * (uint64_t) (k - 1), k, entries, error, error_size) != 0) {
                    return -1;
                }
            }
        }
        const unsigned char* last = h + 136 + 56 * (uint64_t) (entries - 1);
        size_t fl = 0, ll = 0;
        while (fl < 32 && h[56 + fl] != 0) fl++;
        while (ll < 32 && last[24 + ll] != 0) ll++;
        if (sb_le64(last + 8) != f_size || sb_le64(last + 16) != f_align || fl != ll || memcmp(h + 56, last + 24, fl) != 0) {
            sb_shown(h + 56, shown_a);
            sb_shown(last + 24, shown_b);
            snprintf(error, error_size, "%s: the header's layout (fingerprint %s, size %llu, alignment %llu) is not the last "
                     "entry of the file's lineage (layout version %lu: fingerprint %s, size %llu, alignment %llu)", path,
                     shown_a, (unsigned long long) f_size, (unsigned long long) f_align, (unsigned long) entries, shown_b,
                     (unsigned long long) sb_le64(last + 8), (unsigned long long) sb_le64(last + 16));
            return -1;
        }
    }
    /* the layout: the file's lineage against the reader's (sb_map: the file's own layout against the reader's) */
    const char* own_fp = lineage != NULL ? lineage[n - 1].fingerprint : fingerprint;
    uint64_t own_size = lineage != NULL ? lineage[n - 1].size : size;
    uint64_t own_align = lineage != NULL ? lineage[n - 1].alignment : alignment;
    uint32_t reader_version = lineage != NULL ? n : entries;
    uint32_t differs = 0;
    if (lineage == NULL) {
        differs = f_size == size && f_align == alignment && sb_field_is(h + 56, fingerprint) ? 0 : entries;
    } else {
        uint32_t shared = entries < n ? entries : n;
        for (uint32_t k = 1; k <= shared && differs == 0; k++) {
            const unsigned char* e = version == 3 ? h + 136 + 56 * (uint64_t) (k - 1) : NULL;
            uint64_t es = e != NULL ? sb_le64(e + 8) : f_size, ea = e != NULL ? sb_le64(e + 16) : f_align;
            const unsigned char* efp = e != NULL ? e + 24 : h + 56;
            if (lineage[k - 1].version != k || es != lineage[k - 1].size || ea != lineage[k - 1].alignment
                || !sb_field_is(efp, lineage[k - 1].fingerprint)) {
                differs = k;
            }
        }
    }
    int same_name = f_name_len == name_len && memcmp(h + 88, name, name_len) == 0;
    if (!same_name || stride != f_size || differs != 0) {
        /* both layouts named, as Java's StructFile and Python's open_array do, then what to do: the same name means the
           record changed since the file was written (its new members go after the old ones with @Since(K), K one more
           than the file's layout version), another name another struct type */
        char next[320];
        if (same_name) {
            snprintf(next, sizeof next, "; if the record changed since the file was written, read it by keeping the "
                     "old members in their order and adding new ones after them with @Since(%lu) (see \"Old files and "
                     "new code\" in docs/layout-lock.md), or write the file again with the current record",
                     (unsigned long) entries + 1);
        } else {
            snprintf(next, sizeof next, "; the file holds another struct type: open it with the reader of that type");
        }
        sb_shown(h + 88, shown_a);
        sb_shown(h + 56, shown_b);
        if (lineage == NULL || (entries == 1 && n == 1)) {
            if (lineage == NULL && entries > 1) {
                snprintf(error, error_size, "%s: the file holds %s (layout version %lu, fingerprint %s, size %llu, alignment "
                         "%llu, stride %llu); the reader expects %s (fingerprint %s, size %llu, alignment %llu, stride %llu): "
                         "read a file of another layout version with sb_map_versions", path, shown_a,
                         (unsigned long) entries, shown_b, (unsigned long long) f_size, (unsigned long long) f_align,
                         (unsigned long long) stride, name, own_fp, (unsigned long long) own_size,
                         (unsigned long long) own_align, (unsigned long long) own_size);
            } else {
                snprintf(error, error_size, "%s: the file holds %s (fingerprint %s, size %llu, alignment %llu, stride %llu);"
                         " the reader expects %s (fingerprint %s, size %llu, alignment %llu, stride %llu)%s", path, shown_a,
                         shown_b, (unsigned long long) f_size, (unsigned long long) f_align, (unsigned long long) stride,
                         name, own_fp, (unsigned long long) own_size, (unsigned long long) own_align,
                         (unsigned long long) own_size, next);
            }
            return -1;
        }
        char why[512] = "";
        if (differs != 0) {
            const unsigned char* e = version == 3 ? h + 136 + 56 * (uint64_t) (differs - 1) : NULL;
            char efp[129];
            sb_shown(e != NULL ? e + 24 : h + 56, efp);
            snprintf(why, sizeof why, " (layout version %lu differs: the file's has fingerprint %s, size %llu, alignment "
                     "%llu, the reader's fingerprint %s, size %llu, alignment %llu)", (unsigned long) differs, efp,
                     (unsigned long long) (e != NULL ? sb_le64(e + 8) : f_size),
                     (unsigned long long) (e != NULL ? sb_le64(e + 16) : f_align), lineage[differs - 1].fingerprint,
                     (unsigned long long) lineage[differs - 1].size, (unsigned long long) lineage[differs - 1].alignment);
        }
        snprintf(error, error_size, "%s: the file holds %s (layout version %lu, fingerprint %s, size %llu, alignment %llu, "
                 "stride %llu); the reader expects %s (layout version %lu, fingerprint %s, size %llu, alignment %llu, "
                 "stride %llu): the file's layout is neither an ancestor nor a descendant of the reader's%s%s", path, shown_a,
                 (unsigned long) entries, shown_b, (unsigned long long) f_size, (unsigned long long) f_align,
                 (unsigned long long) stride, name, (unsigned long) reader_version, own_fp, (unsigned long long) own_size,
                 (unsigned long long) own_align, (unsigned long long) own_size, why, next);
        return -1;
    }
    if (version == 2 && (data < 128 || data % 64 != 0)) {
        snprintf(error, error_size, "%s: data offset %llu is not a multiple of 64 at least 128", path,
                 (unsigned long long) data);
        return -1;
    }
    if (version == 3 && (data < end || data % 64 != 0)) {
        snprintf(error, error_size, "%s: data offset %llu is not a multiple of 64 at or past the end of the lineage block "
                 "(byte %llu)", path, (unsigned long long) data, (unsigned long long) end);
        return -1;
    }
    if (data > file_size) {
        snprintf(error, error_size, "%s: data offset %llu lies past the end of the file's %llu bytes", path,
                 (unsigned long long) data, (unsigned long long) file_size);
        return -1;
    }
    /* data + count * stride, computed without overflow; "need" is shown only when it fits an int64_t, as in Java */
    int need_fits = count <= (uint64_t) INT64_MAX && (stride == 0 || count <= ((uint64_t) INT64_MAX - data) / stride);
    uint64_t need = need_fits ? data + count * stride : 0;
    if (!need_fits || need > file_size) {
        char they[64] = "";
        if (need_fits) {
            snprintf(they, sizeof they, " (they need %llu bytes)", (unsigned long long) need);
        }
        snprintf(error, error_size, "%s: %llu structs of %llu bytes at data offset %llu do not fit the file's %llu bytes%s",
                 path, (unsigned long long) count, (unsigned long long) stride, (unsigned long long) data,
                 (unsigned long long) file_size, they);
        return -1;
    }
    if (need < file_size && (flags & 1u) == 0) {
        snprintf(error, error_size, "%s: the file's %llu bytes are more than the %llu bytes that %llu structs of %llu "
                 "bytes at data offset %llu take (a struct file its writer closed ends after its last struct)", path,
                 (unsigned long long) file_size, (unsigned long long) need, (unsigned long long) count,
                 (unsigned long long) stride, (unsigned long long) data);
        return -1;
    }
    *out_version = entries;
    *out_stride = stride;
    *out_count = count;
    *out_data = data;
    return 0;
}

/* sb_map and sb_map_versions: lineage NULL for sb_map. */
static inline int sb_map_lineage(const char* path, const char* name, const sb_layout_version* lineage, uint32_t n,
                                 const char* fingerprint, uint64_t size, uint64_t alignment, sb_file* out, char* error,
                                 size_t error_size) {
    struct stat st;
    out->fd = -1;
    out->base = MAP_FAILED;
    if (stat(path, &st) != 0) {
        snprintf(error, error_size, "%s: %s", path, strerror(errno));
        return -1;
    }
    if (!S_ISREG(st.st_mode)) { /* the words of Java's StructFile.open and Python's open_array */
        snprintf(error, error_size, "%s: %s, not a regular file", path, sb_kind(st.st_mode));
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
        snprintf(error, error_size, "%s: %s, not a regular file (the path changed while it was being opened)", path,
                 sb_kind(st.st_mode));
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
        if (e == EAGAIN || e == EACCES) { /* the words of Java's StructFile.open and Python's open_array */
            snprintf(error, error_size, "%s: locked by another process (a writer holds an exclusive fcntl lock); nothing "
                     "waits: retry once it has closed the file", path);
        } else {
            snprintf(error, error_size, "%s: fcntl lock: %s", path, strerror(e));
        }
        close(fd);
        return -1;
    }
    /* The size once the lock is held: a writer that held the file until now may have trimmed it since fstat above. */
    if (fstat(fd, &st) != 0) {
        snprintf(error, error_size, "%s: fstat: %s", path, strerror(errno));
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
    uint32_t version;
    uint64_t stride, count, data;
    if (sb_check_header(path, (const unsigned char*) base, file_size, name, lineage, n, fingerprint, size, alignment,
                        &version, &stride, &count, &data, error, error_size) != 0) {
        munmap(base, (size_t) file_size);
        close(fd);
        return -1;
    }
    out->fd = fd;
    out->base = base;
    out->length = (size_t) file_size;
    out->data = (const unsigned char*) base + data;
    out->count = count;
    out->stride = stride;
    out->version = version;
    return 0;
}

/* Maps the struct file at path holding structs called name (StructType.name(), the record's simple name; the header
   keeps its first 31 UTF-8 bytes, cut at a character boundary, and so does the comparison), of the given size and
   alignment, with the given layout fingerprint (STRUCTBRIDGE_FINGERPRINT_<NAME> of the generated header): a file of
   format 2, or of format 3 whose layout version is the caller's (f.stride is then size). Returns 0, or -1 after
   writing the reason, which names the path, into error[0..error_size). */
static inline int sb_map(const char* path, const char* name, const char* fingerprint, uint64_t size, uint64_t alignment,
                  sb_file* out, char* error, size_t error_size) {
    out->fd = -1;
    out->base = MAP_FAILED;
    return sb_map_lineage(path, name, NULL, 0, fingerprint, size, alignment, out, error, error_size);
}

/* Maps the struct file at path holding structs called name of any layout version whose lineage agrees with the
   reader's, lineage[0..count): layout versions 1 to count in order, the last the reader's own (the generated
   header's SB_LINEAGE_<Name>, see the top of this file). Sets f.version and f.stride (see the top of this file).
   Returns 0, or -1 after writing the reason into error[0..error_size), in Java's words. */
static inline int sb_map_versions(const char* path, const char* name, const sb_layout_version* lineage, uint32_t count,
                                  sb_file* out, char* error, size_t error_size) {
    out->fd = -1;
    out->base = MAP_FAILED;
    int fine = lineage != NULL && count >= 1 && count <= 65535;
    for (uint32_t k = 0; fine && k < count; k++) {
        fine = lineage[k].version == k + 1 && lineage[k].fingerprint != NULL && lineage[k].fingerprint[0] != 0
               && strlen(lineage[k].fingerprint) <= 32;
    }
    if (!fine) {
        snprintf(error, error_size, "%s: the lineage of %s cannot be written or compared: it is not versions 1 to N in "
                 "order, N from 1 to 65535, each with a fingerprint of 1 to 32 characters", path, name);
        return -1;
    }
    return sb_map_lineage(path, name, lineage, count, lineage[count - 1].fingerprint, lineage[count - 1].size,
                          lineage[count - 1].alignment, out, error, error_size);
}

/* Copies struct i of a mapped file into out[0..out_size): the struct's first min(f.stride, out_size) bytes, then
   zeros up to out_size (for a file of an older layout version, the zero defaults of the members it lacks; for a
   newer one, the reader's members without the bytes past them). Returns 0, or -1 if i is not below f.count. */
static inline int sb_read(const sb_file* f, uint64_t i, void* out, size_t out_size) {
    if (i >= f->count) {
        return -1;
    }
    size_t n = f->stride < (uint64_t) out_size ? (size_t) f->stride : out_size;
    memcpy(out, (const unsigned char*) f->data + i * f->stride, n);
    memset((unsigned char*) out + n, 0, out_size - n);
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

#endif /* the include-order check */
#endif
