/*
 * Layout oracle: gcc computes sizeof, _Alignof and offsetof for C declarations written by hand
 * from the Java records (not copied from the generated headers), and for the real system
 * structs of <sys/epoll.h>, <netinet/in.h>, <time.h>, <sys/utsname.h> and <sys/stat.h>.
 *
 * Output, one fact a line:
 *   S <fixture> <sizeof> <alignof>
 *   M <fixture> <java component> <offsetof> <sizeof member>
 *   B <name> <hex bytes>                      (bytes built by libc / the compiler)
 *   X <name> <value>                          (other facts)
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <math.h>
#include <netinet/in.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <time.h>

#define S(N, T) printf("S %s %zu %zu\n", #N, sizeof(T), (size_t) _Alignof(T))
#define M(N, T, J, C) printf("M %s %s %zu %zu\n", #N, #J, offsetof(T, C), sizeof(((T *) 0)->C))
#define MM(N, T, J) M(N, T, J, J)

static void bytes(const char *name, const void *p, size_t n) {
    const unsigned char *b = p;
    printf("B %s ", name);
    for (size_t i = 0; i < n; i++) {
        printf("%02x", b[i]);
    }
    printf("\n");
}

/* ---- hand-written declarations, one per fixture record ---- */

struct o_Vec3 { float x; float y; float z; };
struct o_Inner { int32_t x; int16_t y; };
struct o_Point { int32_t x; int32_t y; };
struct o_Line { struct o_Point from; struct o_Point to; };
struct o_Particle {
    int32_t id; float x; float y; float z; uint8_t species; char label[16]; double velocity[3];
};
struct o_AllScalars {
    bool flag; int8_t i8; int16_t i16; uint16_t c16; int32_t i32; int64_t i64; float f32; double f64;
    uint8_t u8; uint16_t u16; uint32_t u32; uint64_t u64; int8_t i8InInt; int16_t i16InLong;
    int32_t i32InLong; float f32InDouble; uint8_t u8InShort; uint8_t u8InChar;
};
struct o_Arrays {
    bool flags[3]; int8_t bytes[3]; int16_t shorts[2]; uint16_t chars[2]; int32_t ints[3];
    int64_t longs[2]; float floats[2]; double doubles[3]; uint8_t u8s[5]; uint32_t u32s[2]; float f32s[2];
};
/* byte order does not change a layout */
struct o_BigEndianHeader { int32_t magic; uint16_t version; int16_t littleEndian; int64_t stamps[2]; double value; };
struct o_Body { int32_t id; struct o_Vec3 position; struct o_Vec3 corners[2]; int8_t tag; double mass; };
struct __attribute__((aligned(16))) o_Aligned16 { float x; float y; float z; };
struct o_MemberAligned { int8_t tag; _Alignas(8) int32_t value; int16_t tail; };
struct o_Tagged { uint8_t color; int32_t wide; int32_t value; };
struct o_Texts { char utf8[8]; char ascii4[4]; char latin1[6]; char cut[8]; };
struct o_Envelope { uint16_t seq; struct o_Particle lead; struct o_Tagged tags[2]; struct o_Texts note; bool last; };
/* _Float16 and the full-range uint64_t (gcc 12: _Float16 on x86-64 with SSE2 and on AArch64) */
struct o_WideScalars { uint64_t full; _Float16 half; int8_t tag; _Float16 halves[3]; uint64_t fulls[2]; };
/* case L3 */
struct o_ShortChar { int16_t s; int8_t c; };
struct o_IntLong { int32_t a; int64_t b; };
/* case L2a, L2b and pack(2) */
#pragma pack(push, 1)
struct o_Packed12 { int64_t a; int32_t b; };
struct o_PackedOuter { int8_t c; struct o_Inner in; };
struct o_EpollEvent { uint32_t events; uint64_t data; };
#pragma pack(pop)
#pragma pack(push, 2)
struct o_Pack2 { int8_t a; int32_t b; int64_t c; int8_t d; };
#pragma pack(pop)
/* unions (C11 6.7.2.1p16): alone, nested, in arrays, packed, over-aligned, with struct members */
union o_Number { int64_t l; double d; int32_t i; int8_t five[5]; };
union o_Odd { int8_t five[5]; int16_t s; };
#pragma pack(push, 1)
union o_Packed { int64_t l; int8_t three[3]; };
#pragma pack(pop)
union __attribute__((aligned(16))) o_Aligned { int32_t i; float f; };
union o_Shape { struct o_Vec3 v; struct o_Inner inner; int64_t raw; };
struct o_Holder {
    int8_t tag; union o_Number num; union o_Odd odds[3]; union o_Packed packed; union o_Aligned aligned;
    union o_Shape shape; int16_t tail;
};
#pragma pack(push, 2)
struct o_PackedHolder { int8_t c; union o_Number num; int16_t s; };
#pragma pack(pop)

int main(void) {
    S(Vec3, struct o_Vec3); MM(Vec3, struct o_Vec3, x); MM(Vec3, struct o_Vec3, y); MM(Vec3, struct o_Vec3, z);
    S(Inner, struct o_Inner); MM(Inner, struct o_Inner, x); MM(Inner, struct o_Inner, y);
    S(Containers_Point, struct o_Point); MM(Containers_Point, struct o_Point, x); MM(Containers_Point, struct o_Point, y);
    S(Containers_Line, struct o_Line); MM(Containers_Line, struct o_Line, from); MM(Containers_Line, struct o_Line, to);

    S(Particle, struct o_Particle);
    MM(Particle, struct o_Particle, id); MM(Particle, struct o_Particle, x); MM(Particle, struct o_Particle, y);
    MM(Particle, struct o_Particle, z); MM(Particle, struct o_Particle, species);
    MM(Particle, struct o_Particle, label); MM(Particle, struct o_Particle, velocity);

    S(AllScalars, struct o_AllScalars);
    MM(AllScalars, struct o_AllScalars, flag); MM(AllScalars, struct o_AllScalars, i8);
    MM(AllScalars, struct o_AllScalars, i16); MM(AllScalars, struct o_AllScalars, c16);
    MM(AllScalars, struct o_AllScalars, i32); MM(AllScalars, struct o_AllScalars, i64);
    MM(AllScalars, struct o_AllScalars, f32); MM(AllScalars, struct o_AllScalars, f64);
    MM(AllScalars, struct o_AllScalars, u8); MM(AllScalars, struct o_AllScalars, u16);
    MM(AllScalars, struct o_AllScalars, u32); MM(AllScalars, struct o_AllScalars, u64);
    MM(AllScalars, struct o_AllScalars, i8InInt); MM(AllScalars, struct o_AllScalars, i16InLong);
    MM(AllScalars, struct o_AllScalars, i32InLong); MM(AllScalars, struct o_AllScalars, f32InDouble);
    MM(AllScalars, struct o_AllScalars, u8InShort); MM(AllScalars, struct o_AllScalars, u8InChar);

    S(WideScalars, struct o_WideScalars);
    MM(WideScalars, struct o_WideScalars, full); MM(WideScalars, struct o_WideScalars, half);
    MM(WideScalars, struct o_WideScalars, tag); MM(WideScalars, struct o_WideScalars, halves);
    MM(WideScalars, struct o_WideScalars, fulls);
    S(Arrays, struct o_Arrays);
    MM(Arrays, struct o_Arrays, flags); MM(Arrays, struct o_Arrays, bytes); MM(Arrays, struct o_Arrays, shorts);
    MM(Arrays, struct o_Arrays, chars); MM(Arrays, struct o_Arrays, ints); MM(Arrays, struct o_Arrays, longs);
    MM(Arrays, struct o_Arrays, floats); MM(Arrays, struct o_Arrays, doubles); MM(Arrays, struct o_Arrays, u8s);
    MM(Arrays, struct o_Arrays, u32s); MM(Arrays, struct o_Arrays, f32s);

    S(BigEndianHeader, struct o_BigEndianHeader);
    MM(BigEndianHeader, struct o_BigEndianHeader, magic); MM(BigEndianHeader, struct o_BigEndianHeader, version);
    MM(BigEndianHeader, struct o_BigEndianHeader, littleEndian); MM(BigEndianHeader, struct o_BigEndianHeader, stamps);
    MM(BigEndianHeader, struct o_BigEndianHeader, value);

    S(Body, struct o_Body);
    MM(Body, struct o_Body, id); MM(Body, struct o_Body, position); MM(Body, struct o_Body, corners);
    MM(Body, struct o_Body, tag); MM(Body, struct o_Body, mass);

    S(Aligned16, struct o_Aligned16);
    MM(Aligned16, struct o_Aligned16, x); MM(Aligned16, struct o_Aligned16, y); MM(Aligned16, struct o_Aligned16, z);

    S(MemberAligned, struct o_MemberAligned);
    MM(MemberAligned, struct o_MemberAligned, tag); MM(MemberAligned, struct o_MemberAligned, value);
    MM(MemberAligned, struct o_MemberAligned, tail);

    S(Tagged, struct o_Tagged);
    MM(Tagged, struct o_Tagged, color); MM(Tagged, struct o_Tagged, wide); MM(Tagged, struct o_Tagged, value);

    S(Texts, struct o_Texts);
    MM(Texts, struct o_Texts, utf8); MM(Texts, struct o_Texts, ascii4); MM(Texts, struct o_Texts, latin1);
    MM(Texts, struct o_Texts, cut);

    S(Envelope, struct o_Envelope);
    MM(Envelope, struct o_Envelope, seq); MM(Envelope, struct o_Envelope, lead); MM(Envelope, struct o_Envelope, tags);
    MM(Envelope, struct o_Envelope, note); MM(Envelope, struct o_Envelope, last);

    S(ShortChar, struct o_ShortChar); MM(ShortChar, struct o_ShortChar, s); MM(ShortChar, struct o_ShortChar, c);
    S(IntLong, struct o_IntLong); MM(IntLong, struct o_IntLong, a); MM(IntLong, struct o_IntLong, b);
    S(Packed12, struct o_Packed12); MM(Packed12, struct o_Packed12, a); MM(Packed12, struct o_Packed12, b);
    S(PackedOuter, struct o_PackedOuter); MM(PackedOuter, struct o_PackedOuter, c); MM(PackedOuter, struct o_PackedOuter, in);
    S(Pack2, struct o_Pack2);
    MM(Pack2, struct o_Pack2, a); MM(Pack2, struct o_Pack2, b); MM(Pack2, struct o_Pack2, c); MM(Pack2, struct o_Pack2, d);

    S(Unions_Number, union o_Number); MM(Unions_Number, union o_Number, l); MM(Unions_Number, union o_Number, d);
    MM(Unions_Number, union o_Number, i); MM(Unions_Number, union o_Number, five);
    S(Unions_Odd, union o_Odd); MM(Unions_Odd, union o_Odd, five); MM(Unions_Odd, union o_Odd, s);
    S(Unions_Packed, union o_Packed); MM(Unions_Packed, union o_Packed, l); MM(Unions_Packed, union o_Packed, three);
    S(Unions_Aligned, union o_Aligned); MM(Unions_Aligned, union o_Aligned, i); MM(Unions_Aligned, union o_Aligned, f);
    S(Unions_Shape, union o_Shape); MM(Unions_Shape, union o_Shape, v); MM(Unions_Shape, union o_Shape, inner);
    MM(Unions_Shape, union o_Shape, raw);
    S(Unions_Holder, struct o_Holder);
    MM(Unions_Holder, struct o_Holder, tag); MM(Unions_Holder, struct o_Holder, num); MM(Unions_Holder, struct o_Holder, odds);
    MM(Unions_Holder, struct o_Holder, packed); MM(Unions_Holder, struct o_Holder, aligned);
    MM(Unions_Holder, struct o_Holder, shape); MM(Unions_Holder, struct o_Holder, tail);
    S(Unions_PackedHolder, struct o_PackedHolder);
    MM(Unions_PackedHolder, struct o_PackedHolder, c); MM(Unions_PackedHolder, struct o_PackedHolder, num);
    MM(Unions_PackedHolder, struct o_PackedHolder, s);
    union o_Odd odd3[3];
    printf("X Unions_Odd[3].sizeof %zu\n", sizeof odd3);
    printf("X Unions_Odd[2].s %td\n", (char *) &odd3[2].s - (char *) odd3);

    /* arrays of packed / padded structs (cases L2a, L3) */
    struct o_Packed12 p12[2];
    printf("X Packed12[2].sizeof %zu\n", sizeof p12);
    printf("X Packed12[1].a %td\n", (char *) &p12[1].a - (char *) p12);
    printf("X Packed12[1].b %td\n", (char *) &p12[1].b - (char *) p12);
    struct o_PackedOuter po[2];
    printf("X PackedOuter[1].in.x %td\n", (char *) &po[1].in.x - (char *) po);
    printf("X PackedOuter[1].in.y %td\n", (char *) &po[1].in.y - (char *) po);
    struct o_ShortChar sc[3];
    printf("X ShortChar[3].sizeof %zu\n", sizeof sc);
    printf("X ShortChar[1].c %td\n", (char *) &sc[1].c - (char *) sc);
    struct o_IntLong il[2];
    printf("X IntLong[1].b %td\n", (char *) &il[1].b - (char *) il);

    /* ---- the real system declarations ---- */
#if defined(__x86_64__)
    /* struct epoll_event is __attribute__((packed)) on x86-64 only */
    S(EpollEvent, struct epoll_event);
    M(EpollEvent, struct epoll_event, events, events); M(EpollEvent, struct epoll_event, data, data);
    S(HandEpollEvent, struct o_EpollEvent);
    M(HandEpollEvent, struct o_EpollEvent, events, events); M(HandEpollEvent, struct o_EpollEvent, data, data);
    S(EpollEventUnion, struct epoll_event);
    M(EpollEventUnion, struct epoll_event, events, events); M(EpollEventUnion, struct epoll_event, data, data);
    /* glibc's x86-64 struct stat */
    S(StatX8664, struct stat);
    M(StatX8664, struct stat, stDev, st_dev); M(StatX8664, struct stat, stIno, st_ino);
    M(StatX8664, struct stat, stNlink, st_nlink); M(StatX8664, struct stat, stMode, st_mode);
    M(StatX8664, struct stat, stUid, st_uid); M(StatX8664, struct stat, stGid, st_gid);
    M(StatX8664, struct stat, pad0, __pad0); M(StatX8664, struct stat, stRdev, st_rdev);
    M(StatX8664, struct stat, stSize, st_size); M(StatX8664, struct stat, stBlksize, st_blksize);
    M(StatX8664, struct stat, stBlocks, st_blocks); M(StatX8664, struct stat, stAtim, st_atim);
    M(StatX8664, struct stat, stMtim, st_mtim); M(StatX8664, struct stat, stCtim, st_ctim);
    M(StatX8664, struct stat, glibcReserved, __glibc_reserved);
    struct epoll_event ev;
    memset(&ev, 0, sizeof ev);
    ev.events = 1;
    ev.data.u64 = 42;
    bytes("epoll_event{1,42}", &ev, sizeof ev);
#elif defined(__aarch64__)
    /* glibc's AArch64 struct stat (the generic layout): run with aarch64-linux-gnu-gcc under qemu-aarch64 */
    S(StatAarch64, struct stat);
    M(StatAarch64, struct stat, stDev, st_dev); M(StatAarch64, struct stat, stIno, st_ino);
    M(StatAarch64, struct stat, stMode, st_mode); M(StatAarch64, struct stat, stNlink, st_nlink);
    M(StatAarch64, struct stat, stUid, st_uid); M(StatAarch64, struct stat, stGid, st_gid);
    M(StatAarch64, struct stat, stRdev, st_rdev); M(StatAarch64, struct stat, pad1, __pad1);
    M(StatAarch64, struct stat, stSize, st_size); M(StatAarch64, struct stat, stBlksize, st_blksize);
    M(StatAarch64, struct stat, pad2, __pad2); M(StatAarch64, struct stat, stBlocks, st_blocks);
    M(StatAarch64, struct stat, stAtim, st_atim); M(StatAarch64, struct stat, stMtim, st_mtim);
    M(StatAarch64, struct stat, stCtim, st_ctim); M(StatAarch64, struct stat, glibcReserved, __glibc_reserved);
#endif
    /* the real unions: epoll_data_t (both ABIs) and in6_addr inside struct sockaddr_in6 */
    S(EpollData, epoll_data_t);
    M(EpollData, epoll_data_t, ptr, ptr); M(EpollData, epoll_data_t, fd, fd);
    M(EpollData, epoll_data_t, u32, u32); M(EpollData, epoll_data_t, u64, u64);
    S(In6Addr, struct in6_addr);
    M(In6Addr, struct in6_addr, addr8, s6_addr); M(In6Addr, struct in6_addr, addr16, s6_addr16);
    M(In6Addr, struct in6_addr, addr32, s6_addr32);
    S(SockaddrIn6, struct sockaddr_in6);
    M(SockaddrIn6, struct sockaddr_in6, family, sin6_family); M(SockaddrIn6, struct sockaddr_in6, port, sin6_port);
    M(SockaddrIn6, struct sockaddr_in6, flowinfo, sin6_flowinfo); M(SockaddrIn6, struct sockaddr_in6, addr, sin6_addr);
    M(SockaddrIn6, struct sockaddr_in6, scopeId, sin6_scope_id);
    S(SockaddrIn, struct sockaddr_in);
    M(SockaddrIn, struct sockaddr_in, family, sin_family); M(SockaddrIn, struct sockaddr_in, port, sin_port);
    M(SockaddrIn, struct sockaddr_in, addr, sin_addr); M(SockaddrIn, struct sockaddr_in, zero, sin_zero);
    S(Timespec, struct timespec);
    M(Timespec, struct timespec, tvSec, tv_sec); M(Timespec, struct timespec, tvNsec, tv_nsec);
    S(Utsname, struct utsname);
    MM(Utsname, struct utsname, sysname); MM(Utsname, struct utsname, nodename); MM(Utsname, struct utsname, release);
    MM(Utsname, struct utsname, version); MM(Utsname, struct utsname, machine); MM(Utsname, struct utsname, domainname);

    struct sockaddr_in sin;
    memset(&sin, 0, sizeof sin);
    sin.sin_family = AF_INET;
    sin.sin_port = htons(48898);
    if (inet_pton(AF_INET, "192.168.2.41", &sin.sin_addr) != 1) {
        return 2;
    }
    bytes("sockaddr_in{AF_INET,48898,192.168.2.41}", &sin, sizeof sin);
    printf("X AF_INET %d\n", AF_INET);
    printf("X CLOCK_REALTIME %d\n", (int) CLOCK_REALTIME);
    double nan_d = NAN;
    bytes("double_NAN", &nan_d, sizeof nan_d);
    double negzero = -0.0;
    bytes("double_-0.0", &negzero, sizeof negzero);
    return 0;
}
