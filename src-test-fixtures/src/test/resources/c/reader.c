/*
 * C reader: reads a file of structs written by Java (XArray.fromList(...).segment()) through the
 * GENERATED headers and prints every member as text, one "path=value" line each:
 *   integers in decimal (big-endian members converted with ntohs/ntohl/be16toh/be32toh/be64toh),
 *   bool as true/false, enums by constant name (from the header's COLOR_* codes),
 *   float/double as "%a bits=<raw bits in hex>", strings as UTF-8 text (Latin-1 converted here,
 *   bytes < 0x20, 0x7f and backslash escaped as \xHH).
 * Usage: reader <StructName> <file>
 */
#define _DEFAULT_SOURCE
#include <arpa/inet.h>
#include <endian.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Aligned16.h"
#include "AllScalars.h"
#include "Arrays.h"
#include "BigEndianHeader.h"
#include "Body.h"
#include "Containers_Line.h"
#include "Containers_Point.h"
#include "Envelope.h"
#include "EpollEvent.h"
#include "Inner.h"
#include "IntLong.h"
#include "MemberAligned.h"
#include "Pack2.h"
#include "Packed12.h"
#include "PackedOuter.h"
#include "Particle.h"
#include "ShortChar.h"
#include "SockaddrIn.h"
#include "StatAarch64.h"
#include "StatX8664.h"
#include "Tagged.h"
#include "Texts.h"
#include "Timespec.h"
#include "Utsname.h"
#include "Vec3.h"
#include "EpollData.h"
#include "EpollEventUnion.h"
#include "In6Addr.h"
#include "SockaddrIn6.h"
#include "Unions_Holder.h"
#include "Unions_PackedHolder.h"
#include "WideScalars.h"

static void key(const char *p, const char *n) { printf("%s.%s=", p, n); }

static void pv_b(const char *p, const char *n, bool v) { key(p, n); printf("%s\n", v ? "true" : "false"); }
static void pv_i(const char *p, const char *n, long long v) { key(p, n); printf("%lld\n", v); }
static void pv_u(const char *p, const char *n, unsigned long long v) { key(p, n); printf("%llu\n", v); }
static void pv_f(const char *p, const char *n, float v) {
    uint32_t bits;
    memcpy(&bits, &v, sizeof bits);
    key(p, n);
    printf("%a bits=%08" PRIx32 "\n", (double) v, bits);
}
static void pv_d(const char *p, const char *n, double v) {
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    key(p, n);
    printf("%a bits=%016" PRIx64 "\n", v, bits);
}

/* _Float16: gcc converts it to float (exact), printed like a float member */
static void pv_h(const char *p, const char *n, _Float16 v) { pv_f(p, n, (float) v); }

/* a pointer (void *, char *, struct T *): the address as an unsigned decimal */
static void pv_ptr(const char *p, const char *n, const void *v) {
    key(p, n);
    printf("%ju\n", (uintmax_t) (uintptr_t) v);
}

/* the C type of the member (from the generated header) picks the printer */
#define P(p, n, v) _Generic((v), \
    bool: pv_b, \
    int8_t: pv_i, int16_t: pv_i, int32_t: pv_i, int64_t: pv_i, \
    uint8_t: pv_u, uint16_t: pv_u, uint32_t: pv_u, uint64_t: pv_u, \
    float: pv_f, double: pv_d, _Float16: pv_h, default: pv_ptr)(p, n, v)

#define PF(p, s, f) P(p, #f, (s)->f)

/* arrays: element by element, "name[i]" */
#define PA(p, s, f) do { \
        for (size_t i_ = 0; i_ < sizeof((s)->f) / sizeof((s)->f[0]); i_++) { \
            char k_[64]; \
            snprintf(k_, sizeof k_, "%s[%zu]", #f, i_); \
            P(p, k_, (s)->f[i_]); \
        } \
    } while (0)

static void put_escaped(unsigned char c) {
    if (c < 0x20 || c == 0x7f || c == '\\') {
        printf("\\x%02x", c);
    } else {
        putchar(c);
    }
}

/* char[cap] holding UTF-8 or US-ASCII: the bytes up to the first NUL (or cap) */
static void ps_utf8(const char *p, const char *n, const char *s, size_t cap) {
    key(p, n);
    for (size_t i = 0; i < cap && s[i] != 0; i++) {
        put_escaped((unsigned char) s[i]);
    }
    putchar('\n');
}

/* char[cap] holding ISO-8859-1: converted to UTF-8 here */
static void ps_latin1(const char *p, const char *n, const char *s, size_t cap) {
    key(p, n);
    for (size_t i = 0; i < cap && s[i] != 0; i++) {
        unsigned char c = (unsigned char) s[i];
        if (c < 0x80) {
            put_escaped(c);
        } else {
            putchar(0xc0 | (c >> 6));
            putchar(0x80 | (c & 0x3f));
        }
    }
    putchar('\n');
}

#define PS(p, s, f) ps_utf8(p, #f, (s)->f, sizeof((s)->f))
#define PL(p, s, f) ps_latin1(p, #f, (s)->f, sizeof((s)->f))

static void pe_color(const char *p, const char *n, long long code) {
    key(p, n);
    switch (code) {
        case COLOR_RED: printf("RED\n"); break;
        case COLOR_GREEN: printf("GREEN\n"); break;
        case COLOR_BLUE: printf("BLUE\n"); break;
        default: printf("UNKNOWN(%lld)\n", code); break;
    }
}

static const char *sub(char *buf, size_t n, const char *p, const char *f) {
    snprintf(buf, n, "%s.%s", p, f);
    return buf;
}

#define NESTED(p, s, f, T) do { char b_[256]; print_##T(sub(b_, sizeof b_, p, #f), &(s)->f); } while (0)
#define NESTED_ARRAY(p, s, f, T) do { \
        for (size_t i_ = 0; i_ < sizeof((s)->f) / sizeof((s)->f[0]); i_++) { \
            char b_[256]; \
            snprintf(b_, sizeof b_, "%s.%s[%zu]", p, #f, i_); \
            print_##T(b_, &(s)->f[i_]); \
        } \
    } while (0)

static void print_Vec3(const char *p, const Vec3 *s) { PF(p, s, x); PF(p, s, y); PF(p, s, z); }
static void print_WideScalars(const char *p, const WideScalars *s) {
    PF(p, s, full); PF(p, s, half); PF(p, s, tag); PA(p, s, halves); PA(p, s, fulls);
}
static void print_Inner(const char *p, const Inner *s) { PF(p, s, x); PF(p, s, y); }
static void print_Containers_Point(const char *p, const Containers_Point *s) { PF(p, s, x); PF(p, s, y); }
static void print_Containers_Line(const char *p, const Containers_Line *s) {
    NESTED(p, s, from, Containers_Point);
    NESTED(p, s, to, Containers_Point);
}
static void print_Timespec(const char *p, const Timespec *s) { PF(p, s, tvSec); PF(p, s, tvNsec); }
static void print_Aligned16(const char *p, const Aligned16 *s) { PF(p, s, x); PF(p, s, y); PF(p, s, z); }
static void print_IntLong(const char *p, const IntLong *s) { PF(p, s, a); PF(p, s, b); }
static void print_ShortChar(const char *p, const ShortChar *s) { PF(p, s, s); PF(p, s, c); }
static void print_Packed12(const char *p, const Packed12 *s) { PF(p, s, a); PF(p, s, b); }
static void print_Pack2(const char *p, const Pack2 *s) { PF(p, s, a); PF(p, s, b); PF(p, s, c); PF(p, s, d); }
static void print_MemberAligned(const char *p, const MemberAligned *s) { PF(p, s, tag); PF(p, s, value); PF(p, s, tail); }
static void print_PackedOuter(const char *p, const PackedOuter *s) {
    PF(p, s, c);
    Inner in; /* a packed member: copy out before taking its address */
    memcpy(&in, (const char *) s + offsetof(PackedOuter, in), sizeof in);
    char b[256];
    print_Inner(sub(b, sizeof b, p, "in"), &in);
}
static void print_EpollEvent(const char *p, const EpollEvent *s) { PF(p, s, events); PF(p, s, data); }
static void print_Particle(const char *p, const Particle *s) {
    PF(p, s, id); PF(p, s, x); PF(p, s, y); PF(p, s, z); PF(p, s, species); PS(p, s, label); PA(p, s, velocity);
}
static void print_AllScalars(const char *p, const AllScalars *s) {
    PF(p, s, flag); PF(p, s, i8); PF(p, s, i16); PF(p, s, c16); PF(p, s, i32); PF(p, s, i64); PF(p, s, f32);
    PF(p, s, f64); PF(p, s, u8); PF(p, s, u16); PF(p, s, u32); PF(p, s, u64); PF(p, s, i8InInt);
    PF(p, s, i16InLong); PF(p, s, i32InLong); PF(p, s, f32InDouble); PF(p, s, u8InShort); PF(p, s, u8InChar);
}
static void print_Arrays(const char *p, const Arrays *s) {
    PA(p, s, flags); PA(p, s, bytes); PA(p, s, shorts); PA(p, s, chars); PA(p, s, ints); PA(p, s, longs);
    PA(p, s, floats); PA(p, s, doubles); PA(p, s, u8s); PA(p, s, u32s); PA(p, s, f32s);
}
static void print_BigEndianHeader(const char *p, const BigEndianHeader *s) {
    P(p, "magic", (int32_t) be32toh((uint32_t) s->magic));
    P(p, "version", (uint16_t) be16toh(s->version));
    P(p, "littleEndian", (int16_t) le16toh((uint16_t) s->littleEndian));
    for (size_t i = 0; i < 2; i++) {
        char k[32];
        snprintf(k, sizeof k, "stamps[%zu]", i);
        P(p, k, (int64_t) be64toh((uint64_t) s->stamps[i]));
    }
    uint64_t bits;
    double v;
    memcpy(&bits, &s->value, sizeof bits);
    bits = be64toh(bits);
    memcpy(&v, &bits, sizeof v);
    P(p, "value", v);
}
static void print_SockaddrIn(const char *p, const SockaddrIn *s) {
    PF(p, s, family);
    P(p, "port", (uint16_t) ntohs(s->port));
    P(p, "addr", (uint32_t) ntohl(s->addr));
    PA(p, s, zero);
}
static void print_Tagged(const char *p, const Tagged *s) {
    pe_color(p, "color", s->color);
    pe_color(p, "wide", s->wide);
    PF(p, s, value);
}
static void print_Texts(const char *p, const Texts *s) { PS(p, s, utf8); PS(p, s, ascii4); PL(p, s, latin1); PS(p, s, cut); }
static void print_Body(const char *p, const Body *s) {
    PF(p, s, id);
    NESTED(p, s, position, Vec3);
    NESTED_ARRAY(p, s, corners, Vec3);
    PF(p, s, tag);
    PF(p, s, mass);
}
static void print_Utsname(const char *p, const Utsname *s) {
    PS(p, s, sysname); PS(p, s, nodename); PS(p, s, release); PS(p, s, version); PS(p, s, machine); PS(p, s, domainname);
}
static void print_StatX8664(const char *p, const StatX8664 *s) {
    PF(p, s, stDev); PF(p, s, stIno); PF(p, s, stNlink); PF(p, s, stMode); PF(p, s, stUid); PF(p, s, stGid);
    PF(p, s, pad0); PF(p, s, stRdev); PF(p, s, stSize); PF(p, s, stBlksize); PF(p, s, stBlocks);
    NESTED(p, s, stAtim, Timespec); NESTED(p, s, stMtim, Timespec); NESTED(p, s, stCtim, Timespec);
    PA(p, s, glibcReserved);
}
static void print_StatAarch64(const char *p, const StatAarch64 *s) {
    PF(p, s, stDev); PF(p, s, stIno); PF(p, s, stMode); PF(p, s, stNlink); PF(p, s, stUid); PF(p, s, stGid);
    PF(p, s, stRdev); PF(p, s, pad1); PF(p, s, stSize); PF(p, s, stBlksize); PF(p, s, pad2); PF(p, s, stBlocks);
    NESTED(p, s, stAtim, Timespec); NESTED(p, s, stMtim, Timespec); NESTED(p, s, stCtim, Timespec);
    PA(p, s, glibcReserved);
}
static void print_Envelope(const char *p, const Envelope *s) {
    PF(p, s, seq);
    NESTED(p, s, lead, Particle);
    NESTED_ARRAY(p, s, tags, Tagged);
    NESTED(p, s, note, Texts);
    PF(p, s, last);
}

/* unions: C reads every member from the same bytes, as a C program may */
static void print_EpollData(const char *p, const EpollData *s) { PF(p, s, ptr); PF(p, s, fd); PF(p, s, u32); PF(p, s, u64); }
static void print_EpollEventUnion(const char *p, const EpollEventUnion *s) {
    PF(p, s, events);
    EpollData d; /* a packed member: copy out before taking its address */
    memcpy(&d, (const char *) s + offsetof(EpollEventUnion, data), sizeof d);
    char b[256];
    print_EpollData(sub(b, sizeof b, p, "data"), &d);
}
static void print_In6Addr(const char *p, const In6Addr *s) {
    PA(p, s, addr8);
    for (size_t i = 0; i < 8; i++) {
        char k[32];
        snprintf(k, sizeof k, "addr16[%zu]", i);
        P(p, k, (uint16_t) ntohs(s->addr16[i]));
    }
    for (size_t i = 0; i < 4; i++) {
        char k[32];
        snprintf(k, sizeof k, "addr32[%zu]", i);
        P(p, k, (uint32_t) ntohl(s->addr32[i]));
    }
}
static void print_SockaddrIn6(const char *p, const SockaddrIn6 *s) {
    PF(p, s, family);
    P(p, "port", (uint16_t) ntohs(s->port));
    P(p, "flowinfo", (uint32_t) ntohl(s->flowinfo));
    NESTED(p, s, addr, In6Addr);
    PF(p, s, scopeId);
}
static void print_Unions_Number(const char *p, const Unions_Number *s) { PF(p, s, l); PF(p, s, d); PF(p, s, i); PA(p, s, five); }
static void print_Unions_Odd(const char *p, const Unions_Odd *s) { PA(p, s, five); PF(p, s, s); }
static void print_Unions_Packed(const char *p, const Unions_Packed *s) { PF(p, s, l); PA(p, s, three); }
static void print_Unions_Aligned(const char *p, const Unions_Aligned *s) { PF(p, s, i); PF(p, s, f); }
static void print_Unions_Shape(const char *p, const Unions_Shape *s) {
    NESTED(p, s, v, Vec3); NESTED(p, s, inner, Inner); PF(p, s, raw);
}
static void print_Unions_Holder(const char *p, const Unions_Holder *s) {
    PF(p, s, tag); NESTED(p, s, num, Unions_Number); NESTED_ARRAY(p, s, odds, Unions_Odd);
    NESTED(p, s, packed, Unions_Packed); NESTED(p, s, aligned, Unions_Aligned); NESTED(p, s, shape, Unions_Shape);
    PF(p, s, tail);
}
static void print_Unions_PackedHolder(const char *p, const Unions_PackedHolder *s) {
    PF(p, s, c);
    Unions_Number n; /* below its alignment under pack(2): copy out */
    memcpy(&n, (const char *) s + offsetof(Unions_PackedHolder, num), sizeof n);
    char b[256];
    print_Unions_Number(sub(b, sizeof b, p, "num"), &n);
    PF(p, s, s);
}

#define READER(T) \
    if (strcmp(name, #T) == 0) { \
        if (len % sizeof(T) != 0) { \
            fprintf(stderr, "%zu bytes is not a whole number of %zu-byte " #T "\n", len, sizeof(T)); \
            return 3; \
        } \
        printf("count=%zu\n", len / sizeof(T)); \
        for (size_t i = 0; i < len / sizeof(T); i++) { \
            T v; \
            memcpy(&v, buf + i * sizeof(T), sizeof v); \
            char pfx[64]; \
            snprintf(pfx, sizeof pfx, "%s[%zu]", #T, i); \
            print_##T(pfx, &v); \
        } \
        return 0; \
    }

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: reader <Struct> <file>\n");
        return 2;
    }
    const char *name = argv[1];
    FILE *f = fopen(argv[2], "rb");
    if (!f) {
        perror(argv[2]);
        return 2;
    }
    static unsigned char buf[1 << 20];
    size_t len = fread(buf, 1, sizeof buf, f);
    fclose(f);
    READER(Aligned16) READER(AllScalars) READER(Arrays) READER(BigEndianHeader) READER(Body)
    READER(Containers_Line) READER(Containers_Point) READER(Envelope) READER(EpollEvent) READER(Inner)
    READER(IntLong) READER(MemberAligned) READER(Pack2) READER(Packed12) READER(PackedOuter)
    READER(Particle) READER(ShortChar) READER(SockaddrIn) READER(StatAarch64) READER(StatX8664) READER(Tagged) READER(Texts)
    READER(EpollData) READER(EpollEventUnion) READER(In6Addr) READER(SockaddrIn6) READER(Unions_Number)
    READER(Unions_Odd) READER(Unions_Packed) READER(Unions_Aligned) READER(Unions_Shape) READER(Unions_Holder)
    READER(Unions_PackedHolder)
    READER(Timespec) READER(Utsname) READER(Vec3) READER(WideScalars)
    fprintf(stderr, "unknown struct %s\n", name);
    return 2;
}
