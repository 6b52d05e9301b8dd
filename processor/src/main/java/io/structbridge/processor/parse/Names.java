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

    /** Identifiers every C and C++ compiler accepts: ASCII letters, digits and '_' (C11 6.4.2.1). */
    private static final Pattern PORTABLE = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    /** The form of every macro the generated headers define: see {@link #macroForm}. */
    private static final Pattern MACRO_FORM = Pattern.compile("[A-Z][A-Z0-9]*_.*");

    /**
     * Object-like macros without a leading underscore that gcc and g++ predefine in the GNU modes
     * ({@code gcc -std=gnu17 -dM -E} lists {@code linux} and {@code unix} on x86-64 and AArch64 Linux; gcc's
     * manual, "System-specific Predefined Macros", names the others for further targets).
     */
    static final Set<String> PREDEFINED_MACROS = Set.of("linux", "unix", "i386", "sun", "sparc", "mips", "vax");

    /** Type names of {@code <stdint.h>} and {@code <stddef.h>}. */
    private static final Pattern HEADER_TYPE = Pattern.compile(
            "u?int(_least|_fast)?(8|16|32|64)_t|u?int(ptr|max)_t|size_t|ptrdiff_t|max_align_t|nullptr_t");

    /**
     * {@return why {@code name} cannot name a member or a struct in the generated C header (besides being
     * a keyword), or null}
     */
    static String cProblem(String name) {
        if (!PORTABLE.matcher(name).matches()) {
            return "a C and C++ identifier here holds only the ASCII letters, digits and '_' (C11 6.4.2.1 leaves other "
                    + "characters, such as '$' or letters outside ASCII, to the implementation, and C11 Annex D and "
                    + "C++ disagree on which letters are allowed)";
        }
        if (PREDEFINED_MACROS.contains(name)) {
            return name + " is a macro gcc and g++ predefine in the GNU modes (gnu17, gnu++17; see gcc -dM -E), so the "
                    + "preprocessor would replace it";
        }
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

    /**
     * {@return why a component named {@code name} would be replaced by a macro of the generated headers, or null}
     * The headers define enum codes as {@code COLOR_GREEN} and {@code P_COLOR_GREEN} (the enum's name in upper
     * case, '_', the constant), and their own macros as {@code SB_*} and {@code STRUCTBRIDGE_*}: every such
     * macro starts with upper-case letters or digits up to an underscore. A header of another struct included
     * earlier in the same translation unit may define any of them, so a member of that form is refused.
     */
    static String macroForm(String name) {
        return MACRO_FORM.matcher(name).matches()
                ? "names made of upper-case letters and digits up to an underscore (such as COLOR_GREEN) are the form of "
                        + "the macros the generated headers define (enum codes, SB_*, STRUCTBRIDGE_*), and a header "
                        + "included before this one may define it"
                : null;
    }

    /**
     * {@return why {@code name} cannot name a member of the generated ctypes class, or null}: ctypes reserves
     * names of the form {@code _name_} ({@code _fields_}, {@code _pack_}, {@code _align_}, ...) and {@code _objects}.
     */
    static String pythonProblem(String name) {
        if (CTYPES_CLASS_API.contains(name)) {
            return "the generated ctypes.Structure class would hide ctypes' own class attribute " + name + " (ctypes.Structure "
                    + "and ctypes.Union classes have " + String.join(", ", CTYPES_CLASS_API.stream().sorted().toList())
                    + "; a member or property of that name replaces it, e.g. R.from_buffer(buf) would no longer map a buffer)";
        }
        return name.length() > 2 && name.startsWith("_") && name.endsWith("_") || name.equals("_objects")
                ? "ctypes reserves the names of the form _name_ (_fields_, _pack_, _align_, _anonymous_, ...) and "
                        + "_objects for its own attributes, so the generated ctypes.Structure could not declare it"
                : null;
    }

    /** The public attributes of the ctypes.Structure and ctypes.Union classes (their metaclass's: {@code dir(type(ctypes.Structure))}, Python 3.11). */
    static final Set<String> CTYPES_CLASS_API = Set.of("from_address", "from_buffer", "from_buffer_copy", "from_param", "in_dll", "mro");

    /**
     * Identifiers a C11 standard header declares at file scope, as gcc -std=gnu17 and g++ -std=gnu++17 with glibc
     * see them (types, functions, objects, tags, macros, and {@code std} in C++): a struct of that name in a
     * translation unit that also includes the header does not compile. Made by {@code processor/tools/c-library-names.sh}.
     */
    static final Set<String> LIBRARY_NAMES = resource("c-library-names.txt");

    /** Object-like macros of the C11 standard headers ({@code EOF}, {@code errno}, {@code I}, ...): no member can take them. */
    static final Set<String> LIBRARY_MACROS = resource("c-library-macros.txt");

    private static Set<String> resource(String file) {
        try (java.io.InputStream in = Names.class.getResourceAsStream(file)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + file);
            }
            return Set.copyOf(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).lines().toList());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** {@return why a struct may not be named {@code name} because the C standard library declares it, or null} */
    static String libraryName(String name) {
        return LIBRARY_NAMES.contains(name)
                ? name + " is declared by the C standard library headers (gcc and g++ with glibc; " + (name.equals("std")
                        ? "in C++ it is the standard library's namespace" : "e.g. FILE in <stdio.h>, EOF, errno")
                        + "), so a translation unit that includes one of them and the generated header would not compile"
                : null;
    }

    /**
     * {@return why a struct may not be named {@code name} because structbridge's own C declares it at file scope, or
     * because every C program declares it, or null} The generated headers and the runtime's {@code structfile.h}
     * declare their functions and types with the prefix {@code sb_} ({@code sb_file}, {@code sb_map},
     * {@code sb_arrow_put}); {@code structbridge_arrow} would name its header after the C Arrow runtime that the
     * headers include; {@code main} is the program's entry function (C11 5.1.2.2.1), which a typedef of that name
     * would redeclare.
     */
    static String runtimeName(String name) {
        if (name.startsWith("sb_")) {
            return "names beginning with sb_ are structbridge's own C (structfile.h declares sb_file and sb_map, the generated "
                    + "headers sb_arrow_*), so a translation unit including both would not compile";
        }
        if ((name + ".h").equals(io.structbridge.processor.model.CTypes.ARROW_RUNTIME_HEADER)) {
            return "its header would be " + name + ".h, structbridge's C Arrow runtime, which every generated header with an "
                    + "Arrow export includes and the processor writes into -Astructbridge.headerDir";
        }
        return name.equals("main") ? "main is the C and C++ program's entry function (C11 5.1.2.2.1), which a struct typedef "
                + "of that name would redeclare in every program including the header" : null;
    }

    /**
     * {@return why no member may be named {@code name} because the C header names the bytes of {@code @Reserved}
     * members so, or null} A reserved member {@code x} is {@code sb_reserved_x} in its struct; a component of that name
     * would be a second member of the same name (gcc: duplicate member), now or once {@code x} is reserved.
     */
    static String reservedBytesName(String name) {
        return name.startsWith("sb_reserved_")
                ? "names beginning with sb_reserved_ are structbridge's own in C: the header names the bytes of a @Reserved "
                        + "member x sb_reserved_x, so a component of that name would be a duplicate member in C"
                : null;
    }

    /** {@return why no member may be named {@code name} because a C standard header defines it as a macro, or null} */
    static String libraryMacro(String name) {
        return LIBRARY_MACROS.contains(name)
                ? name + " is a macro of the C standard library headers (such as EOF in <stdio.h>, errno, I in "
                        + "<complex.h>), so the preprocessor would replace it where a header defining it is included"
                : null;
    }

    /**
     * Names that the generated {@code .mojo} file uses unqualified (the scalar types of its members, {@code Int},
     * {@code Int128}, {@code DType}, the trait {@code Copyable}, {@code StaticString} and the runtime module
     * {@code _sbrt}; its other imports are bound to {@code _SB_} names, which no record can take): a struct of that
     * name would shadow it in the file.
     */
    static final Set<String> MOJO_BUILTINS = Set.of("Bool", "Int", "UInt", "Int8", "UInt8", "Int16", "UInt16", "Int32",
            "UInt32", "Int64", "UInt64", "Int128", "Float16", "Float32", "Float64", "DType", "Copyable", "StaticString",
            "_sbrt", "Self");

    /**
     * {@return why component {@code name} cannot be a member of the generated Mojo struct, or null} Its namespace
     * holds the components (those of {@link io.structbridge.processor.model.MojoNames#RENAMED} with a trailing
     * underscore), {@code set_<name>} of every bit-field and {@code <name>_live} of every tagged union.
     */
    static String mojoMemberProblem(String name, java.util.List<io.structbridge.processor.model.FieldModel> fields,
                                    java.util.List<io.structbridge.processor.model.TaggedUnion> tagged) {
        String renamed = io.structbridge.processor.model.MojoNames.takenBy(name, fields);
        if (renamed != null) {
            return "it is the Mojo name of component " + renamed + " (every Mojo struct has " + renamed
                    + (renamed.equals("copy") ? "()" : "") + ", so the member for " + renamed + " is " + name + ")";
        }
        for (io.structbridge.processor.model.FieldModel f : fields) {
            if (f.type() instanceof io.structbridge.processor.model.FieldType.BitField && name.equals("set_" + f.name())) {
                return "it is the setter of bit-field " + f.name();
            }
        }
        for (io.structbridge.processor.model.TaggedUnion t : tagged) {
            if (name.equals(t.union() + "_live")) {
                return "it is the live-member method of tagged union " + t.union();
            }
        }
        return null;
    }

    /** {@return whether {@code name} is an identifier every C and C++ compiler accepts} */
    static boolean portable(String name) {
        return PORTABLE.matcher(name).matches();
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
