package io.structbridge.processor.check;

import java.util.Locale;

/**
 * Every diagnostic the processor prints, with a stable id. Each text says the rule and the fix.
 * Arguments are filled with {@link String#format}.
 */
public enum Message {
    NOT_A_RECORD("@Struct applies to records only, and %s is %s. Declare it as 'record %s(...)' with the components in memory order."),
    GENERIC_RECORD("@Struct record %s has type parameters; a native struct needs one fixed layout. Remove the type parameters and use concrete component types."),
    NOT_ACCESSIBLE("%s %s is private (or inside a private class); the generated classes in the record's package must use it. Make it package-private or public."),
    EMPTY_STRUCT("@%s record %s has no components; an empty struct has size 0 in GNU C and 1 in C++, so no layout can match both. Add at least one component."),
    UNSUPPORTED_TYPE("component '%s' has type %s, which has no native representation: %s"),
    UNRESOLVED_TYPE("component '%s' has type %s, which javac cannot resolve, so it has no layout. Fix the 'cannot find symbol' error for %s (a type made by another annotation processor must exist before the last round)."),
    UNRESOLVED_VALUE("@%s on %s has a value javac cannot resolve, so structbridge cannot use it. Fix the compile error reported for it (a constant made by another annotation processor must exist before the last round)."),
    STRING_WITHOUT_CAPACITY("String component '%s' needs a fixed size in bytes: add @Capacity(n), e.g. @Capacity(32) for char %s[32] (UTF-8, NUL-terminated)."),
    ARRAY_WITHOUT_LENGTH("array component '%s' needs a fixed element count: add @Length(n) for %s %s[n]."),
    NESTED_NOT_STRUCT("component '%s' has record type %s, which is not annotated @Struct. Annotate %s with @Struct to nest it."),
    NESTED_INVALID("component '%s' nests %s, which has errors of its own; fix those first."),
    RECURSIVE("component '%s' makes %s contain itself (%s); a struct of fixed size cannot. Store an index or an offset into an array instead."),
    NARROWING_CANNOT_HOLD("@NativeType(%s) on '%s': a Java %s cannot hold every %s value (%s), so reads would lose values. Use %s."),
    NATIVE_TYPE_MISMATCH("@NativeType(%s) on '%s': %s"),
    MISPLACED_ANNOTATION("@%s on '%s' does not apply to a component of type %s: %s"),
    BAD_CAPACITY("@Capacity(%d) on '%s': the capacity in bytes must be at least 1."),
    BAD_LENGTH("@Length(%d) on '%s': an array needs at least 1 element (C has no zero-length member arrays)."),
    BAD_OFFSET("@Offset(%d) on '%s': an offset in bytes is at least 0. Write the value offsetof reports, e.g. @Offset(0) for the first member."),
    BAD_SIZE("@Struct(size = %d) on %s: a size in bytes is at least 1 (-1, the default, asserts nothing). Write the value sizeof reports, or remove size."),
    BAD_PACK("@Struct(pack = %d) on %s: pack must be 0 (natural), 1, 2, 4, 8 or 16, as #pragma pack accepts."),
    ALIGN_NOT_POWER_OF_TWO("alignment %d on %s is not a power of two; C11 6.2.8 requires a power of two, e.g. %d."),
    ALIGN_IN_PACKED("@Align on '%s' in a packed struct: gcc and MSVC disagree on whether pack or the alignment wins. Drop @Align or @Struct(pack)."),
    SIZE_MISMATCH("%s: asserted size %d bytes but the computed size is %d bytes (alignment %d). Layout:\n%s"),
    OFFSET_MISMATCH("'%s': asserted offset %d but the computed offset is %d. Layout:\n%s"),
    BIT_FIELD("@Bits(%d) on '%s': %s."),
    ENUM_CODE_MISSING("enum constant %s.%s has no @Code; enum components need stable explicit codes (ordinals change when constants are added). Add @Code(n)."),
    ENUM_CODE_DUPLICATE("enum constants %s.%s and %s have the same @Code(%d); codes must be distinct."),
    ENUM_CODE_RANGE("@Code(%d) on %s.%s does not fit the component's %s (%d..%d)."),
    ENUM_NO_CONSTANTS("enum %s of component '%s' has no constants, so the component could hold no value. Add constants with @Code(n), or remove the component."),
    ENUM_CTYPE("enum component '%s' is stored as an integer code; @NativeType(%s) is not an integer type. Use INT8..INT64 or UINT8..UINT64."),
    C_KEYWORD("component '%s' is a C or C++ keyword and cannot name a member in the C header. Rename the component."),
    C_RESERVED_NAME("%s cannot be a name in the C header: %s. Rename it."),
    PYTHON_RESERVED_NAME("component '%s' cannot be a member name in the generated Python module: %s. Rename the component."),
    PYTHON_ENUM_CONSTANT("enum constant %s.%s cannot be a member of the generated Python enum.IntEnum %s: %s. Rename the constant."),
    NESTING_TOO_DEEP("%s nests structs %d levels deep; structbridge allows %d levels, so that every output works: each generated header includes the headers of its nested structs (C compilers stop at 200 nested includes, gcc's -fmax-include-depth), and Pydantic's JSON Schema of the model recurses per level (it fails between 40 and 50 levels at Python's default recursion limit). Flatten the nesting."),
    GENERATED_CLASS_EXISTS("@Struct record %s generates the class %s, but a class of that name already exists in the sources or on the class path, and the generated one would replace it. Rename the record or that class."),
    TEXT_NOT_UNICODE("%s of '%s' holds an unpaired surrogate (U+%04X at index %d), which is not Unicode text: UTF-8 cannot encode it, so Jackson cannot write it and Pydantic cannot hold it. Remove it or complete the pair."),
    NAME_CLASH("components '%s' and '%s' both become the constant %s_OFFSET in the generated code (names are converted to UPPER_SNAKE). Rename one of them."),
    RESERVED_NAME("component '%s' clashes with a generated method of the same name (%s). Rename the component."),
    ORDER_ON_SINGLE_BYTE("@Order on '%s' has no effect: %s is a single byte."),
    JSON_NAMING_UNSUPPORTED("@JsonNaming(%s) is not a strategy structbridge can apply at compile time; use one of PropertyNamingStrategies' SNAKE_CASE, UPPER_SNAKE_CASE, LOWER_CAMEL_CASE, UPPER_CAMEL_CASE, LOWER_CASE, KEBAB_CASE, LOWER_DOT_CASE, or @JsonProperty on each component."),
    ENUM_JSON_VALUE("enum %s has a @JsonValue method, whose results are not known at compile time: the JSON Schema will not list the enum's values. Prefer @JsonProperty on each constant."),
    CONSTRAINT_WRONG_TYPE("@%s on '%s' does not apply to %s (Hibernate Validator would throw UnexpectedTypeException at run time): %s"),
    CONSTRAINT_NEVER_HOLDS("@%s on '%s' can never hold: the native type %s only stores %s. %s"),
    CONSTRAINT_REDUNDANT("@%s on '%s' has no effect: %s"),
    PATTERN_NOT_ECMA("@Pattern on '%s' uses %s, which ECMA-262 (the regex dialect of JSON Schema) lacks or reads differently; the exported schema cannot express the same rule. %s"),
    ALIGN_TOO_LARGE("alignment %d on %s exceeds 268435456 (2^28), the largest gcc accepts. Use a smaller power of two."),
    JSON_NAME_CLASH("components '%s' and '%s' both have the JSON name \"%s\"; Jackson would write one property twice. Rename one, or change @JsonProperty."),
    C_NAME_CLASH("%s nests two different structs with the C name %s (%s and %s); the C header would declare one type twice. Rename one record."),
    STRUCT_TOO_LARGE("%s is larger than a byte count can hold (%s); native memory cannot hold it. Reduce @Length or @Capacity."),
    BAD_DECIMAL("@%s(\"%s\") on '%s' is not a decimal number (java.math.BigDecimal syntax, e.g. \"0.5\"); Hibernate Validator would fail at run time."),
    BAD_DIGITS("@Digits(integer = %d, fraction = %d) on '%s': both must be at least 0."),
    CONSTRAINTS_CONTRADICT("@%s and @%s on '%s' leave no value that satisfies both (%s). Fix one bound."),
    GENERATED_NAME_CLASH("@Struct records %s and %s both map to the generated names %sStruct, ...View, ...Array, ...Json and the header, schema and Python files of that name (a nested record's name joins its enclosing class names with '_'). Rename one of them."),
    BAD_SINCE("@Since(%d) on '%s': a layout version is 1 to %d (components without @Since belong to version 1; the generated code and every struct file hold one lineage entry per version)."),
    SINCE_GAP("component '%s' has @Since(%d), but no component has @Since(%d): layout version %3$d would be the same struct as version %d, and a struct file of either could not tell which. Number the versions without gaps: give '%1$s' @Since(%3$d)."),
    SINCE_ORDER("component '%s' has @Since(%d) but comes after '%s' of @Since(%d): a later layout version only appends members at the end of the struct, so that the bytes of every older version stay where they were. Move '%3$s' after '%1$s' (a member of a new version goes after every member of the older ones), or, if '%1$s' is new in this version too, give it @Since(%4$d) or higher."),
    SINCE_FIRST_MEMBER("component '%s' is the first member of %s but has @Since(%d): layout version 1 would have no member, and a struct file of version 1 would hold empty structs, which C cannot declare. Remove @Since from the first component (the members of the first layout have no @Since)."),
    SINCE_IN_UNION("@Since(%d) on member '%s' of union %s: every member of a union starts at byte 0, inside the bytes of layout version %d, so a struct file of that version would show this member the other members' bytes instead of zeros. A union has one layout version: remove @Since, and add new data as a new member (with @Since) of the struct that holds the union."),
    SINCE_PADDING("component '%s' (@Since(%d)) starts at byte %d, inside the %d bytes of layout version %d of %s (%s): a struct file of version %5$d holds whatever its writer left there, not zeros, so the member would not read as its default (all-zero bytes) from it. Start the member at byte %4$d or later: @Align(%d) on it does, or a filler member before it."),
    SINCE_DEFAULT("component '%s' (@Since(%d)) reads as all-zero bytes from a struct file of layout version %d or older, but %s. Readers of every version must accept that default: make the zero value valid (an enum constant with @Code(0), bounds that admit 0, a pattern that matches the empty text), or drop the constraint."),
    LOCK_UNREADABLE("the layout lock %s of %s cannot be used: %s. Fix or delete the file (deleting it declares that files of that layout version need not be read any more)."),
    LOCK_VERSION_BACKWARDS("%s is at layout version %d, but the layout lock %s holds version %d: a version never goes back. Restore the components of version %4$d (the highest @Since), or delete the lock files above version %2$d to declare that their struct files need not be read any more."),
    LOCK_MEMBER_CHANGED("member '%s' of %s changed since layout version %d (locked in %s): %s. Struct files or JSON documents of version %3$d would be misread or refused (docs/layout-lock.md lists what may change). Restore it, or add a new member with @Since(%d) at the end instead."),
    LOCK_MEMBER_REMOVED("member '%s' of layout version %d of %s (locked in %s: %s) is gone. A struct file of version %2$d holds its bytes, and JSON of that version its property. Restore the component: to remove it from every generated API but keep its bytes, declare it @Reserved in its place (%s); to rename it, give the renamed component @FormerName(\"%1$s\")."),
    LOCK_NAME_REUSED("%s '%s' of %s takes the name of member '%s', which layout version %d (locked in %s) holds as %s: JSON documents, Python code and C programs of that version still mean the old member by it. Give the new member another name (a removed name stays reserved, as protobuf's reserved names do)."),
    LOCK_FORMER_NAMES("the former names of member '%s' of %s were %s in layout version %d (locked in %s), are %s. They stay, oldest first: JSON documents of version %4$d may use each of them, and the layout fingerprint keeps the oldest name, so a reader would refuse the struct files of version %4$d. Declare @FormerName(%s) (to rename the member again, append its name of now at the end)."),
    LOCK_RESERVED_CHANGED("reserved member '%s' of %s changed since layout version %d (locked in %s): %s. A member removed with @Reserved keeps what it was locked with for good: its name, C type, byte order and offset, which the layout fingerprint that struct files of version %3$d carry holds (a reader would refuse those files; C programs see its bytes as sb_reserved_%1$s), and its JSON name, which JSON documents of that version hold. Restore it as locked: %s, annotated @Reserved."),
    LOCK_RESERVED_REVIVED("component '%s' of %s is live, but layout version %d (locked in %s) holds it as removed (@Reserved): struct files written since the removal hold zeros in its bytes, and JSON documents of that version no value, so neither says what the member was. A removed member stays removed: annotate it @Reserved again, and add the data as a new member with another name and @Since(%d) at the end."),
    RESERVED_MISUSE("@Reserved on '%s': %s."),
    RESERVED_DEFAULT("@Reserved on '%s': new code writes all-zero bytes there, and readers of the versions before the removal still read them as the member, but %s, so they would refuse (or misread) every struct file new code writes. Keep the component (unread, written with a valid value) until no reader of those versions is left, or make zero valid for them first."),
    FORMER_NAME("@FormerName(\"%s\") on '%s': %s."),
    LOCK_MEMBER_UNVERSIONED("component '%s' is not in layout version %d of %s (locked in %s). A member added after a version is locked belongs to a higher version and goes last: declare it after every member of version %2$d and add @Since(%d)."),
    LOCK_MEMBER_INSERTED("component '%s' (@Since(%d)) starts at offset %d, before the end of the members of layout version %d of %s (byte %d, locked in %s). New members go after every older member, so that older struct files keep their bytes where they were. Move the component to the end of the record."),
    LOCK_STRUCT_CHANGED("%s changed since layout version %d (locked in %s): %s. Every struct file of version %2$d was written with the locked %s. Restore it."),
    LOCK_WRITTEN("wrote the layout lock of %s, layout version %d: %s. Commit it; from now on the processor compares %1$s with it."),
    OUTPUT_FAILED("structbridge could not write %s for %s: %s. Check the folder options (-Astructbridge.headerDir, pythonDir, schemaDir, layoutLock), the file names they get (a file system limits a name to 255 bytes, and the longest is the record's qualified name plus a suffix) and file permissions."),
    JSON_CODEC_SKIPPED("no streaming JSON codec (%sJson) for %s: %s. Jackson databind still reads and writes the record."),
    PADDING_HOLES("%s wastes %d bytes of padding (size %d). This order needs %d bytes: %s"),
    INTERNAL_ERROR("structbridge failed on %s: %s. Please report this with the record's source."),
    PROCESSOR_PATH_INCOMPLETE("structbridge cannot process %s: class %s is missing from the annotation processor path. Put structbridge-annotations and com.palantir.javapoet:javapoet on the processor path next to structbridge-processor (javac -processorpath processor.jar:annotations.jar:javapoet.jar); Maven's annotationProcessorPaths adds them by itself."),
    STRUCT_AND_UNION("%s is annotated both @Struct and @Union; a C aggregate is one or the other. Keep @Struct for members one after another, or @Union for members sharing offset 0."),
    UNION_NO_JSON("no JSON codec and no JSON Schema for %s: %s. A union's bytes do not say which member is live, so any JSON of it would reinterpret them. Tag the union (@Tag(\"kind\") on the union component naming a discriminator component declared before it, @Case on every member of the union), keep it out of JSON, or store the live member in a plain component."),
    UNION_CONSTRAINT("constraint @%s on '%s' inside union %s cannot be validated: the bytes of a union do not say which member is live, so a check on one member would judge bytes written as another. Move the constraint to a component outside the union, or tag the union (@Case on every member, @Tag on the component that holds it) so that only the live member is validated."),
    TAG_NOT_UNION("@Tag on '%s' needs a component whose type is a single @Union record; '%s' is %s. Put @Tag on the union component and name its discriminator."),
    TAG_RESERVED("@Tag(\"%s\") on '%s' names component '%s', which is @Reserved: a reserved member is in no generated API, so no reader or writer could tell which member of the union is live. Keep the discriminator live, or reserve the union component too (and drop its @Tag)."),
    TAG_UNKNOWN("@Tag(\"%s\") on '%s' names no other component of %s (components: %s). Name the discriminator component."),
    TAG_AFTER_UNION("discriminator '%s' of union '%s' is declared after it; it must come first, so that readers of the bytes and of the JSON (written in component order) meet the tag before the union. Move '%s' before '%s'."),
    TAG_TYPE("discriminator '%s' of union '%s' has type %s; a tag is an enum or an integral scalar (byte, short, int, long) whose value names the live member."),
    TAG_IN_UNION("@Tag on '%s' in union %s: a discriminator must be a member of a @Struct next to the union, not of a union (it would share the union's bytes)."),
    CASE_NOT_UNION("@Case on '%s' applies to members of a @Union record only, and %s is a @Struct. Remove @Case."),
    CASE_MISSING("member '%s' of union %s, tagged by '%s', has no @Case, so no discriminator value makes it live and its JSON could never be read. Add @Case with the values that select it."),
    CASE_KIND("@Case on member '%s' of union %s gives %s, but discriminator '%s' is %s: give %s."),
    CASE_UNKNOWN_CONSTANT("@Case(\"%s\") on member '%s' of union %s: %s has no such constant (constants: %s)."),
    CASE_RANGE("@Case code %d on member '%s' of union %s is outside discriminator '%s' (%s, %d..%d)."),
    CASE_DUPLICATE("discriminator value %s names both '%s' and '%s' of union %s; each value selects exactly one member. Remove one."),
    CASE_UNCOVERED("value %s of discriminator '%s' (%s) selects no member of union %s; every constant of an enum discriminator must select exactly one member. Add it to a member's @Case."),
    BIT_FIELD_ABI("%s has size %d and alignment %d on x86-64 but size %d and alignment %d on AArch64: a zero-width bit-field raises the struct alignment on AArch64 only (gcc, both ABIs measured), so no one layout is right on both. Add @Struct(align = %d), or a whole member of that alignment, or drop zeroWidthBefore."),
    POINTER_TARGET("@Pointer on '%s': the target %s is not a @Struct record; a typed pointer points to a struct this processor lays out. Annotate it @Struct, or drop target for void *."),
    POINTER_TARGET_AND_STRING("@Pointer on '%s' has both target and cString = true; a pointer is either char * (a C string) or a pointer to a @Struct. Keep one."),
    POINTER_NO_JSON("no JSON codec, JSON Schema or Pydantic model for %s: component '%s' is a pointer, an address that means nothing outside this process. Exchange what it points to as a struct of its own."),
    VALIDATION_FALLBACK("%s has constraints that structbridge does not compile (%s), so %sValidator validates its records with Hibernate Validator at run time, and io.structbridge:structbridge-hibernate-validator is not on this compile class path. Add that dependency (at least with runtime scope), or validation of %s throws IllegalStateException."),
    UINT64_BITS_CONSTRAINT("@%s on '%s' (@NativeType(UINT64_BITS) long) would mean two things: Hibernate Validator compares the long signed, so the values 2^63..2^64-1 (negative longs) would pass @Max and fail @Min/@Positive, while the JSON Schema and Pydantic see 0..18446744073709551615. Remove the constraint (check Long.compareUnsigned in your code), or use @NativeType(UINT64) long, whose range is 0..9223372036854775807 and compares the same everywhere."),
    // ---- issue 9, hostile names (H3b): keep this block together
    ENUM_JSON_NAME_CLASH("enum constants %s.%s and %s both have the JSON name \"%s\"; Jackson could not tell them apart when reading, and the generated JSON codec could not compile. Change @JsonProperty on one of them."),
    JACKSON_ANNOTATION_UNSUPPORTED("@%s on %s is not supported: %s, but the generated JSON codec, JSON Schema and Pydantic model would not, so they would accept other JSON than Jackson. Remove it (or rename with @JsonProperty)."),
    MOJO_RESERVED_NAME("record name %s cannot name the struct of the generated Mojo file: the file uses Mojo's builtin %1$s (member types, Int, DType, Copyable, the runtime module _sbrt), and a struct of that name would shadow it. Rename the record."),
    MOJO_RESERVED_MEMBER("component '%s' cannot be a member of the generated Mojo struct: %s. Rename the component."),
    // H3c: the generated Python module
    PYTHON_RECORD_NAME("record name %s cannot name the generated Python module %s.py and its class: %s. Rename the record."),
    PYTHON_NAME_CLASH("the generated Python module %s.py would bind one name twice: %s. Rename one of the records."),
    PYTHON_PATTERN("@Pattern \"%s\" on '%s' cannot be checked by the generated Pydantic model the way Java checks it: %s. Rewrite the regular expression without it."),
    TAG_JSON_VALUE("discriminator '%s' of union '%s' is enum %s, which has a @JsonValue method: its JSON values are known only at run time, so the JSON codec and the JSON Schema could not say which member each value makes live. Remove @JsonValue (name the constants' JSON with @JsonProperty) or use an integral discriminator."),
    UNION_RECORD_NO_JSON("no JSON codec and no JSON Schema for the union %s on its own: its bytes do not say which member is live. A struct that tags it (@Tag on its %1$s component, with @Case on every member here) writes and reads it in its own JSON codec and schema; elsewhere keep it out of JSON."),
    OUTPUTS_OPTION("-Astructbridge.outputs=%s cannot be used: %s. Give a comma-separated list of the outputs to write, from: %s (unset: all of them)."),
    PYTHON_PACKAGE_WITHOUT_PYTHON("-Astructbridge.pythonPackage=%s asks for a Python package, but -Astructbridge.outputs=%s leaves out python. Add python to the outputs, or remove the pythonPackage option."),
    PYTHON_PACKAGE_NAME("-Astructbridge.pythonPackage=%s cannot name the generated Python package: %s. Give a dotted path of ASCII Python identifiers, e.g. geo.cities."),
    PYTHON_PACKAGE_CLASH("record %s cannot join the Python package %s: %s. Rename one of the records, or compile them in separate compilations."),
    PYTHON_ENUM_NAME("the generated Python module %s.py cannot bind the enum.IntEnum class of an enum (named after the enum): %s. Rename the enum or the record."),
    C_NAME_TAKEN("%s reaches the C struct %s of %s, but %s of package %s reaches the C struct %s of %s. C has one name space for struct tags and typedefs (C11 6.2.3), so the package's headers could not be included in one translation unit. Rename one of the records, or move one of the two records of this package to another package."),
    HIDDEN_PACKAGE("the Java generated for %s must name %s by its qualified name, but %s. %s.");

    private final String format;

    Message(String format) {
        this.format = format;
    }

    /** {@return the stable id printed before the text, e.g. {@code [SB-RECURSIVE]}} */
    public String id() {
        return "SB-" + name().replace('_', '-');
    }

    /** {@return the full diagnostic text} */
    public String format(Object... args) {
        return "[" + id() + "] " + String.format(Locale.ROOT, format, args);
    }
}
