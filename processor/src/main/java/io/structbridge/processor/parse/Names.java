package io.structbridge.processor.parse;

import java.util.Set;

/** Names a component may not take: C/C++ keywords and generated method names. */
final class Names {
    private Names() {}

    /** Methods of the generated {@code RStruct} and {@code RView} that a component accessor would clash with. */
    static final Set<String> RESERVED = Set.of("read", "write", "check", "writeUnchecked", "layout", "sizeof",
            "alignof", "describe", "at", "wrap", "segment", "offset", "toRecord", "set");

    /** Keywords of C11 and C++17 (and C23/C++20 spellings) that Java allows as identifiers. */
    static final Set<String> C_KEYWORDS = Set.of("auto", "bool", "char16_t", "char32_t", "char8_t", "const_cast",
            "constexpr", "consteval", "constinit", "co_await", "co_return", "co_yield", "concept", "decltype", "delete",
            "dynamic_cast", "explicit", "export", "extern", "friend", "inline", "mutable", "namespace", "noexcept",
            "not", "not_eq", "nullptr", "operator", "or", "or_eq", "and", "and_eq", "asm", "bitand", "bitor", "compl",
            "register", "reinterpret_cast", "requires", "restrict", "signed", "sizeof", "static_assert", "static_cast",
            "struct", "template", "thread_local", "typedef", "typeid", "typename", "union", "unsigned", "using",
            "virtual", "volatile", "wchar_t", "xor", "xor_eq", "alignas", "alignof", "_Bool", "_Complex",
            "_Imaginary", "_Alignas", "_Alignof", "_Atomic", "_Generic", "_Noreturn", "_Static_assert",
            "_Thread_local", "typeof", "typeof_unqual");
}
