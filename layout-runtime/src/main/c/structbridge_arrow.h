/*
 * structbridge_arrow.h: the C runtime of structbridge's Arrow export, the part that is the same for every
 * struct. Each generated header R.h includes it (#include "structbridge_arrow.h") in its opt-in section
 * behind #define STRUCTBRIDGE_ARROW, where R_export_arrow and R_export_arrow_message call it.
 *
 * Where it is: the structbridge-layout-runtime jar holds it as META-INF/structbridge/structbridge_arrow.h
 * (beside structfile.h), and the annotation processor writes it beside the headers into the folder that
 * -Astructbridge.headerDir names. A C build that includes a header of the class output (or of a jar)
 * takes it out of the runtime jar and adds its folder with -I.
 *
 * What it holds: the C Data Interface declarations of the spec
 * (arrow.apache.org/docs/format/CDataInterface.html, section "Structure definitions", under its
 * ARROW_C_DATA_INTERFACE guard, verbatim, so arrow/c/abi.h may come first), an owner per export that counts
 * the live C structs (roots and children) and frees every block when the last one is released, 64-byte
 * aligned zeroed buffers, the release callbacks (children first, each struct marked released by
 * release = NULL, as the spec's "Released structure" section says), byte swapping, UTF-8 validation and
 * Latin-1 conversion, and bounded error messages. No global state: exports on several threads at once are
 * safe. Everything is static inline (names begin with sb_arrow_ and SB_ARROW_); define
 * STRUCTBRIDGE_ARROW_MALLOC(size) and STRUCTBRIDGE_ARROW_FREE(block) before the first include to count or
 * redirect the memory of the exports.
 *
 * Valid C11 and C++17, strict and GNU: gcc, g++, the AArch64 cross gcc and nvcc compile it alone with
 * -Wall -Wextra -Wpedantic -Werror. Source: layout-runtime/src/main/c/structbridge_arrow.h of structbridge.
 */
#ifndef STRUCTBRIDGE_ARROW_RUNTIME
#define STRUCTBRIDGE_ARROW_RUNTIME

/* The standard headers it needs, outside extern "C" (C++ library headers may declare overloads). */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

#ifndef ARROW_C_DATA_INTERFACE
#define ARROW_C_DATA_INTERFACE

#define ARROW_FLAG_DICTIONARY_ORDERED 1
#define ARROW_FLAG_NULLABLE 2
#define ARROW_FLAG_MAP_KEYS_SORTED 4

struct ArrowSchema {
  // Array type description
  const char* format;
  const char* name;
  const char* metadata;
  int64_t flags;
  int64_t n_children;
  struct ArrowSchema** children;
  struct ArrowSchema* dictionary;

  // Release callback
  void (*release)(struct ArrowSchema*);
  // Opaque producer-specific data
  void* private_data;
};

struct ArrowArray {
  // Array data description
  int64_t length;
  int64_t null_count;
  int64_t offset;
  int64_t n_buffers;
  int64_t n_children;
  const void** buffers;
  struct ArrowArray** children;
  struct ArrowArray* dictionary;

  // Release callback
  void (*release)(struct ArrowArray*);
  // Opaque producer-specific data
  void* private_data;
};

#endif  // ARROW_C_DATA_INTERFACE

/* Memory of the exports: define both before the first include to count or redirect it. */
#ifndef STRUCTBRIDGE_ARROW_MALLOC
#define STRUCTBRIDGE_ARROW_MALLOC(size) malloc(size)
#define STRUCTBRIDGE_ARROW_FREE(block) free(block)
#endif

/* One export (a schema or an array): its blocks, and how many of its C structs are not released yet. */
typedef struct sb_arrow_owner {
    void *blocks;
    int64_t live;
} sb_arrow_owner;

/* The state of one export call: the owners, the first error, the caller's message buffer. */
typedef struct sb_arrow_ctx {
    sb_arrow_owner *owner;
    int rc;
    char *message;
    size_t message_size;
    size_t message_length;
} sb_arrow_ctx;

/* Text columns while they are filled: offsets (int32), bytes, the bytes written so far. */
typedef struct sb_arrow_text {
    int32_t *offsets;
    unsigned char *data;
    int64_t end;
} sb_arrow_text;

#define SB_ARROW_UTF_8 0
#define SB_ARROW_ASCII 1
#define SB_ARROW_LATIN_1 2

static inline void sb_arrow_put(sb_arrow_ctx *x, const char *s) {
    size_t i;
    if (x->message == NULL || x->message_size == 0) {
        return;
    }
    for (i = 0; s[i] != '\0' && x->message_length + 1 < x->message_size; i++) {
        x->message[x->message_length++] = s[i];
    }
    x->message[x->message_length] = '\0';
}

static inline void sb_arrow_put_unsigned(sb_arrow_ctx *x, unsigned long long v) {
    char b[24];
    int i = 23;
    b[i] = '\0';
    do {
        b[--i] = (char) ('0' + (int) (v % 10));
        v /= 10;
    } while (v != 0);
    sb_arrow_put(x, b + i);
}

static inline void sb_arrow_put_signed(sb_arrow_ctx *x, long long v) {
    if (v < 0) {
        sb_arrow_put(x, "-");
        sb_arrow_put_unsigned(x, 0ULL - (unsigned long long) v);
    } else {
        sb_arrow_put_unsigned(x, (unsigned long long) v);
    }
}

/* Starts the message "row R, field 'P': " (P the path template with each "[]" holding its index). */
static inline int sb_arrow_fail_at(sb_arrow_ctx *x, int rc, int64_t row, const char *path, const int64_t *index) {
    char one[2] = {0, 0};
    int d = 0;
    x->rc = rc;
    x->message_length = 0;
    if (row >= 0) {
        sb_arrow_put(x, "row ");
        sb_arrow_put_signed(x, (long long) row);
        sb_arrow_put(x, ", ");
    }
    sb_arrow_put(x, "field '");
    for (; *path != '\0'; path++) {
        if (path[0] == '[' && path[1] == ']' && index != NULL) {
            sb_arrow_put(x, "[");
            sb_arrow_put_signed(x, (long long) index[d++]);
            sb_arrow_put(x, "]");
            path++;
        } else {
            one[0] = *path;
            sb_arrow_put(x, one);
        }
    }
    sb_arrow_put(x, "': ");
    return rc;
}

static inline int sb_arrow_fail(sb_arrow_ctx *x, int rc, const char *what) {
    x->rc = rc;
    x->message_length = 0;
    sb_arrow_put(x, what);
    return rc;
}

static inline void sb_arrow_put_hex(sb_arrow_ctx *x, const unsigned char *bytes, size_t n) {
    static const char digits[] = "0123456789abcdef";
    char two[3] = {0, 0, 0};
    size_t i;
    for (i = 0; i < n; i++) {
        two[0] = digits[bytes[i] >> 4];
        two[1] = digits[bytes[i] & 15];
        sb_arrow_put(x, two);
    }
}

static inline int sb_arrow_bad_bool(sb_arrow_ctx *x, int64_t row, const char *path, const int64_t *index, unsigned b) {
    sb_arrow_fail_at(x, EINVAL, row, path, index);
    sb_arrow_put(x, "bool byte ");
    sb_arrow_put_unsigned(x, b);
    sb_arrow_put(x, " is neither 0 nor 1");
    return EINVAL;
}

static inline int sb_arrow_bad_enum(sb_arrow_ctx *x, int64_t row, const char *path, const int64_t *index,
                                    long long code, const char *constants) {
    sb_arrow_fail_at(x, EINVAL, row, path, index);
    sb_arrow_put(x, "enum code ");
    sb_arrow_put_signed(x, code);
    sb_arrow_put(x, " is not one of ");
    sb_arrow_put(x, constants);
    return EINVAL;
}

static inline int sb_arrow_bad_enum_unsigned(sb_arrow_ctx *x, int64_t row, const char *path, const int64_t *index,
                                             unsigned long long code, const char *constants) {
    sb_arrow_fail_at(x, EINVAL, row, path, index);
    sb_arrow_put(x, "enum code ");
    sb_arrow_put_unsigned(x, code);
    sb_arrow_put(x, " is not one of ");
    sb_arrow_put(x, constants);
    return EINVAL;
}

static inline int sb_arrow_big_host(void) {
    const uint16_t one = 1;
    unsigned char first;
    memcpy(&first, &one, 1);
    return first == 0;
}

static inline uint16_t sb_arrow_swap16(uint16_t v) {
    return (uint16_t) ((v >> 8) | (v << 8));
}

static inline uint32_t sb_arrow_swap32(uint32_t v) {
    return (v >> 24) | ((v >> 8) & UINT32_C(0xFF00)) | ((v << 8) & UINT32_C(0xFF0000)) | (v << 24);
}

static inline uint64_t sb_arrow_swap64(uint64_t v) {
    return ((uint64_t) sb_arrow_swap32((uint32_t) v) << 32) | sb_arrow_swap32((uint32_t) (v >> 32));
}

/* A zeroed block of the export, 64-byte aligned, or NULL (rc ENOMEM) */
static inline void *sb_arrow_alloc(sb_arrow_ctx *x, uint64_t bytes) {
    unsigned char *raw;
    uint64_t padded;
    size_t skip;
    if (bytes > (uint64_t) SIZE_MAX - 256) {
        sb_arrow_fail(x, ENOMEM, "out of memory: a buffer of more than SIZE_MAX bytes");
        return NULL;
    }
    padded = (bytes + 63) / 64 * 64;
    if (padded == 0) {
        padded = 64;
    }
    raw = (unsigned char *) STRUCTBRIDGE_ARROW_MALLOC((size_t) padded + 128);
    if (raw == NULL) {
        sb_arrow_fail(x, ENOMEM, "out of memory: a buffer of ");
        sb_arrow_put_unsigned(x, (unsigned long long) padded);
        sb_arrow_put(x, " bytes");
        return NULL;
    }
    /* the block starts with the link to the previous block; the data follows at the next multiple of 64 */
    memcpy(raw, &x->owner->blocks, sizeof(void *));
    x->owner->blocks = raw;
    skip = 64 - (size_t) ((uintptr_t) (raw + sizeof(void *)) % 64);
    memset(raw + sizeof(void *) + skip, 0, (size_t) padded);
    return raw + sizeof(void *) + skip;
}

static inline void sb_arrow_free_owner(sb_arrow_owner *o) {
    void *block = o->blocks;
    while (block != NULL) {
        void *next;
        memcpy(&next, block, sizeof(void *));
        STRUCTBRIDGE_ARROW_FREE(block);
        block = next;
    }
    STRUCTBRIDGE_ARROW_FREE(o);
}

static inline void sb_arrow_release_array(struct ArrowArray *a) {
    sb_arrow_owner *o = (sb_arrow_owner *) a->private_data;
    int64_t i;
    for (i = 0; i < a->n_children; i++) {
        if (a->children[i]->release != NULL) {
            a->children[i]->release(a->children[i]);
        }
    }
    a->release = NULL;
    if (--o->live == 0) {
        sb_arrow_free_owner(o);
    }
}

static inline void sb_arrow_release_schema(struct ArrowSchema *s) {
    sb_arrow_owner *o = (sb_arrow_owner *) s->private_data;
    int64_t i;
    for (i = 0; i < s->n_children; i++) {
        if (s->children[i]->release != NULL) {
            s->children[i]->release(s->children[i]);
        }
    }
    s->release = NULL;
    if (--o->live == 0) {
        sb_arrow_free_owner(o);
    }
}

static inline int sb_arrow_begin(sb_arrow_ctx *x) {
    x->owner = (sb_arrow_owner *) STRUCTBRIDGE_ARROW_MALLOC(sizeof(sb_arrow_owner));
    if (x->owner == NULL) {
        return sb_arrow_fail(x, ENOMEM, "out of memory");
    }
    x->owner->blocks = NULL;
    x->owner->live = 0;
    return 0;
}

/* An array node: length, no nulls, n_buffers NULL buffers, n_children zeroed children. */
static inline int sb_arrow_array_node(sb_arrow_ctx *x, struct ArrowArray *a, int64_t length, int64_t n_buffers,
                                      int64_t n_children) {
    int64_t i;
    memset(a, 0, sizeof *a);
    a->length = length;
    a->n_buffers = n_buffers;
    a->buffers = (const void **) sb_arrow_alloc(x, (uint64_t) n_buffers * sizeof(void *));
    if (a->buffers == NULL) {
        return x->rc;
    }
    if (n_children > 0) {
        a->children = (struct ArrowArray **) sb_arrow_alloc(x, (uint64_t) n_children * sizeof(void *));
        if (a->children == NULL) {
            return x->rc;
        }
        for (i = 0; i < n_children; i++) {
            a->children[i] = (struct ArrowArray *) sb_arrow_alloc(x, sizeof(struct ArrowArray));
            if (a->children[i] == NULL) {
                return x->rc;
            }
        }
    }
    a->n_children = n_children;
    a->release = sb_arrow_release_array;
    a->private_data = x->owner;
    x->owner->live++;
    return 0;
}

/* A leaf of fixed-width values ('size' bytes each, 0: a bitmap): returns its data buffer, or NULL. */
static inline void *sb_arrow_leaf(sb_arrow_ctx *x, struct ArrowArray *a, int64_t length, unsigned size) {
    void *data;
    if (sb_arrow_array_node(x, a, length, 2, 0) != 0) {
        return NULL;
    }
    data = sb_arrow_alloc(x, size == 0 ? ((uint64_t) length + 7) / 8 : (uint64_t) length * size);
    a->buffers[1] = data;
    return data;
}

/* A utf8 leaf of 'length' values of at most 'max_bytes' bytes in all. */
static inline int sb_arrow_text_leaf(sb_arrow_ctx *x, struct ArrowArray *a, int64_t length, int64_t max_bytes,
                                     sb_arrow_text *t) {
    if (sb_arrow_array_node(x, a, length, 3, 0) != 0) {
        return x->rc;
    }
    t->offsets = (int32_t *) sb_arrow_alloc(x, ((uint64_t) length + 1) * 4);
    t->data = (unsigned char *) sb_arrow_alloc(x, (uint64_t) max_bytes);
    t->end = 0;
    if (t->offsets == NULL || t->data == NULL) {
        return x->rc;
    }
    a->buffers[1] = t->offsets;
    a->buffers[2] = t->data;
    return 0;
}

/* {return the byte count of the well-formed UTF-8 sequence at b[0..n), or 0 if malformed} (Unicode 15, table 3-7) */
static inline size_t sb_arrow_utf8_char(const unsigned char *b, size_t n) {
    unsigned c = b[0];
    unsigned lo = 0x80, hi = 0xBF;
    size_t len, i;
    if (c < 0x80) {
        return 1;
    }
    if (c >= 0xC2 && c <= 0xDF) {
        len = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
        len = 3;
        lo = c == 0xE0 ? 0xA0 : 0x80;
        hi = c == 0xED ? 0x9F : 0xBF;
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4;
        lo = c == 0xF0 ? 0x90 : 0x80;
        hi = c == 0xF4 ? 0x8F : 0xBF;
    } else {
        return 0;
    }
    if (n < len || b[1] < lo || b[1] > hi) {
        return 0;
    }
    for (i = 2; i < len; i++) {
        if (b[i] < 0x80 || b[i] > 0xBF) {
            return 0;
        }
    }
    return len;
}

/* Value k of a text leaf: the bytes before the first NUL of src[0..capacity), checked and converted. */
static inline int sb_arrow_text_value(sb_arrow_ctx *x, sb_arrow_text *t, int64_t k, const unsigned char *src,
                                      size_t capacity, int encoding, int nul_terminated, int64_t row,
                                      const char *path, const int64_t *index) {
    size_t n = 0, i, step = 0;
    int ascii = 1;
    while (n < capacity && src[n] != 0) {
        ascii &= src[n] < 0x80;
        n++;
    }
    if (n == capacity && nul_terminated) {
        sb_arrow_fail_at(x, EINVAL, row, path, index);
        sb_arrow_put(x, "no NUL terminator within the capacity of ");
        sb_arrow_put_unsigned(x, (unsigned long long) capacity);
        sb_arrow_put(x, " bytes");
        return EINVAL;
    }
    if (ascii || encoding == SB_ARROW_UTF_8) {
        for (i = 0; !ascii && i < n; i += step) {
            step = sb_arrow_utf8_char(src + i, n - i);
            if (step == 0) {
                sb_arrow_fail_at(x, EINVAL, row, path, index);
                sb_arrow_put(x, "invalid UTF-8 in ");
                sb_arrow_put_hex(x, src, n);
                return EINVAL;
            }
        }
        memcpy(t->data + t->end, src, n);
        t->end += (int64_t) n;
    } else if (encoding == SB_ARROW_ASCII) {
        sb_arrow_fail_at(x, EINVAL, row, path, index);
        sb_arrow_put(x, "byte above 0x7F in ASCII text ");
        sb_arrow_put_hex(x, src, n);
        return EINVAL;
    } else {
        for (i = 0; i < n; i++) {
            if (src[i] < 0x80) {
                t->data[t->end++] = src[i];
            } else {
                t->data[t->end++] = (unsigned char) (0xC0 | (src[i] >> 6));
                t->data[t->end++] = (unsigned char) (0x80 | (src[i] & 0x3F));
            }
        }
    }
    if (t->end > INT32_MAX) {
        sb_arrow_fail_at(x, EOVERFLOW, row, path, index);
        sb_arrow_put(x, "the batch holds more than 2^31-1 bytes of text (utf8 offsets are int32): export smaller batches");
        return EOVERFLOW;
    }
    t->offsets[k + 1] = (int32_t) t->end;
    return 0;
}

/* Builds the metadata of an enum field: int32 count 1, then the key and the value, each int32-length-prefixed. */
static inline int sb_arrow_enum_metadata(sb_arrow_ctx *x, struct ArrowSchema *s, const char *constants) {
    static const char key[] = "structbridge.enum";
    int32_t count = 1, key_length = (int32_t) (sizeof key - 1), value_length = (int32_t) strlen(constants);
    unsigned char *m = (unsigned char *) sb_arrow_alloc(x, 12 + (uint64_t) key_length + (uint64_t) value_length);
    if (m == NULL) {
        return x->rc;
    }
    memcpy(m, &count, 4);
    memcpy(m + 4, &key_length, 4);
    memcpy(m + 8, key, (size_t) key_length);
    memcpy(m + 8 + key_length, &value_length, 4);
    memcpy(m + 12 + key_length, constants, (size_t) value_length);
    s->metadata = (const char *) m;
    return 0;
}

/* A schema node: format and name (string literals), no metadata, flags 0 (no nulls), n_children zeroed children. */
static inline int sb_arrow_schema_node(sb_arrow_ctx *x, struct ArrowSchema *s, const char *format, const char *name,
                                       int64_t n_children) {
    int64_t i;
    memset(s, 0, sizeof *s);
    s->format = format;
    s->name = name;
    if (n_children > 0) {
        s->children = (struct ArrowSchema **) sb_arrow_alloc(x, (uint64_t) n_children * sizeof(void *));
        if (s->children == NULL) {
            return x->rc;
        }
        for (i = 0; i < n_children; i++) {
            s->children[i] = (struct ArrowSchema *) sb_arrow_alloc(x, sizeof(struct ArrowSchema));
            if (s->children[i] == NULL) {
                return x->rc;
            }
        }
    }
    s->n_children = n_children;
    s->release = sb_arrow_release_schema;
    s->private_data = x->owner;
    x->owner->live++;
    return 0;
}

/* After both trees are built: on success moves the roots into the outputs, else frees everything. */
static inline int sb_arrow_finish(int rc, sb_arrow_ctx *xs, struct ArrowSchema *schema, struct ArrowSchema *schema_out,
                                  sb_arrow_ctx *xa, struct ArrowArray *array, struct ArrowArray *array_out) {
    if (rc != 0) {
        if (xs->owner != NULL) {
            sb_arrow_free_owner(xs->owner);
        }
        if (xa->owner != NULL) {
            sb_arrow_free_owner(xa->owner);
        }
        return rc;
    }
    memcpy(schema_out, schema, sizeof *schema);
    memcpy(array_out, array, sizeof *array);
    return 0;
}

#ifdef __cplusplus
}
#endif

#endif /* STRUCTBRIDGE_ARROW_RUNTIME */
