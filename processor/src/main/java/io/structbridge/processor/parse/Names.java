package io.structbridge.processor.parse;

import java.util.Set;
import java.util.regex.Pattern;

/** Names a component may not take: C/C++ keywords, names the C header cannot hold, generated method names. */
final class Names {
    private Names() {}

    /**
     * Methods of the generated {@code RStruct} and {@code RView} that a component accessor would clash with
     * ({@code toString}: {@code RView} overrides it, and a {@code String toString} component's getter would
     * duplicate it).
     */
    static final Set<String> RESERVED = Set.of("read", "segment", "offset", "toRecord", "toString");

    /** Keywords of C11 and C++17 (and C23/C++20 spellings) that Java allows as identifiers. */
    static final Set<String> C_KEYWORDS = Set.of("auto", "bool", "char16_t", "char32_t", "char8_t", "const_cast",
            "constexpr", "consteval", "constinit", "co_await", "co_return", "co_yield", "concept", "decltype", "delete",
            "dynamic_cast", "explicit", "export", "extern", "friend", "inline", "mutable", "namespace", "noexcept",
            "not", "not_eq", "nullptr", "operator", "or", "or_eq", "and", "and_eq", "asm", "bitand", "bitor", "compl",
            "register", "reinterpret_cast", "requires", "restrict", "signed", "sizeof", "static_assert", "static_cast",
            "struct", "template", "thread_local", "typedef", "typeid", "typename", "union", "unsigned", "using",
            "virtual", "volatile", "wchar_t", "xor", "xor_eq", "alignas", "alignof", "_Bool", "_Complex",
            "_Imaginary", "_Alignas", "_Alignof", "_Atomic", "_Generic", "_Noreturn", "_Static_assert",
            "_Thread_local", "typeof", "typeof_unqual", "_BitInt", "_Decimal32", "_Decimal64", "_Decimal128");

    /** Object-like macros of {@code <stdint.h>} (C11 7.20.2-7.20.3, C23 widths) and {@code NULL}. */
    private static final Pattern HEADER_MACRO = Pattern.compile(
            "NULL|INT(_LEAST|_FAST)?(8|16|32|64)_(MIN|MAX|WIDTH)|UINT(_LEAST|_FAST)?(8|16|32|64)_(MAX|WIDTH)"
                    + "|INT(PTR|MAX)_(MIN|MAX|WIDTH)|UINT(PTR|MAX)_(MAX|WIDTH)"
                    + "|(PTRDIFF|SIG_ATOMIC|WCHAR|WINT)_(MIN|MAX|WIDTH)|SIZE_(MAX|WIDTH)");

    /** Type names of {@code <stdint.h>} and {@code <stddef.h>}. */
    private static final Pattern HEADER_TYPE = Pattern.compile(
            "u?int(_least|_fast)?(8|16|32|64)_t|u?int(ptr|max)_t|size_t|ptrdiff_t|max_align_t|nullptr_t");

    /**
     * {@return why {@code name} cannot name a member or a struct in the generated C header (besides being
     * a keyword), or null}
     */
    static String cProblem(String name) {
        if (HEADER_MACRO.matcher(name).matches()) {
            return name + " is a macro of <stdint.h> or <stddef.h>, which the header includes, so the preprocessor would replace it";
        }
        if (name.startsWith("__") || name.length() > 1 && name.charAt(0) == '_' && Character.isUpperCase(name.charAt(1))) {
            return "identifiers that begin with an underscore and an uppercase letter or a second underscore are "
                    + "reserved for the C implementation (C11 7.1.3)";
        }
        if (name.startsWith("STRUCTBRIDGE_")) {
            return "names beginning with STRUCTBRIDGE_ are the header's own macros";
        }
        return null;
    }

    /** {@return whether {@code name} is a type of the standard headers the C header includes} */
    static boolean headerType(String name) {
        return HEADER_TYPE.matcher(name).matches();
    }

    /** {@return the generated constant prefix of a component: see {@link io.structbridge.processor.model.Identifiers}} */
    static String upperSnake(String name) {
        return io.structbridge.processor.model.Identifiers.upperSnake(name);
    }
}
