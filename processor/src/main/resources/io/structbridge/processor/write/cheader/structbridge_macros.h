#ifndef STRUCTBRIDGE_COMMON_MACROS
#define STRUCTBRIDGE_COMMON_MACROS
#ifdef __cplusplus
#define SB_STATIC_ASSERT(e, m) static_assert(e, m)
#define SB_ALIGNOF(t) alignof(t)
#define SB_ALIGNAS(n) alignas(n)
#else
#define SB_STATIC_ASSERT(e, m) _Static_assert(e, m)
#define SB_ALIGNOF(t) _Alignof(t)
#define SB_ALIGNAS(n) _Alignas(n)
#endif
#if defined(_MSC_VER)
#define SB_STRUCT_ALIGNED(n) __declspec(align(n))
#else
#define SB_STRUCT_ALIGNED(n) __attribute__((aligned(n)))
#endif
#endif
#ifndef SB_PACKED_UNION
#if defined(_MSC_VER)
#define SB_PACKED_UNION(n) __declspec(align(n))
#else
#define SB_PACKED_UNION(n) __attribute__((packed, aligned(n)))
#endif
#endif
