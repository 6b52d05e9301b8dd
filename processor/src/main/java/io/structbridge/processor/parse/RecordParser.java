package io.structbridge.processor.parse;

import io.structbridge.annotations.CType;
import io.structbridge.annotations.Encoding;
import io.structbridge.annotations.Endian;
import io.structbridge.processor.check.Message;
import io.structbridge.processor.element.Mirrors;
import io.structbridge.processor.layout.LayoutVersions;
import io.structbridge.processor.check.Report;
import io.structbridge.processor.model.CTypes;
import io.structbridge.processor.model.ClassRef;
import io.structbridge.processor.model.FieldModel;
import io.structbridge.processor.model.FieldType;
import io.structbridge.processor.model.JavaPrim;
import io.structbridge.processor.model.StructModel;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Parses a {@code @Struct} record element into a {@link StructModel}, reporting every problem
 * found (it does not stop at the first). Nested records are parsed recursively; their own errors
 * are reported when they are processed themselves.
 */
public final class RecordParser {
    private final Elements elements;
    private final Types types;
    private final Mirrors mirrors;
    private final Map<String, Optional<StructModel>> nestedCache = new HashMap<>();
    private final ConstraintReader constraints;
    private final io.structbridge.processor.check.ConstraintDeclarationChecks constraintChecks = new io.structbridge.processor.check.ConstraintDeclarationChecks();

    /** The layout lock folder ({@code -Astructbridge.layoutLock}), or null: former names take their locked JSON names. */
    private final java.nio.file.Path lockDir;

    public RecordParser(Elements elements, Types types) {
        this(elements, types, null);
    }

    public RecordParser(Elements elements, Types types, java.nio.file.Path lockDir) {
        this.lockDir = lockDir;
        this.elements = elements;
        this.types = types;
        this.mirrors = new Mirrors(elements);
        this.constraints = new ConstraintReader(elements);
    }

    /** {@return whether some component type is not resolved yet (generated later this build)} */
    public boolean hasUnresolvedTypes(TypeElement type) {
        return hasUnresolvedTypes(type, new HashSet<>());
    }

    /** Also looks through nested {@code @Struct} records: their layout is part of this one. */
    private boolean hasUnresolvedTypes(TypeElement type, Set<String> visited) {
        if (!visited.add(type.getQualifiedName().toString())) {
            return false;
        }
        if (mirrors.unresolved(type).isPresent()) {
            return true;
        }
        if (type.getKind() != ElementKind.RECORD) {
            return false;
        }
        for (RecordComponentElement c : type.getRecordComponents()) {
            TypeMirror t = c.asType();
            while (t.getKind() == TypeKind.ARRAY) {
                t = ((ArrayType) t).getComponentType();
            }
            if (t.getKind() == TypeKind.ERROR || mirrors.unresolved(c).isPresent()) {
                return true;
            }
            if (t.getKind() == TypeKind.DECLARED && ((DeclaredType) t).asElement().getKind() == ElementKind.ENUM) {
                for (Element e : ((DeclaredType) t).asElement().getEnclosedElements()) {
                    if (e.getKind() == ElementKind.ENUM_CONSTANT && mirrors.unresolved(e).isPresent()) {
                        return true;
                    }
                }
            }
            TypeElement nested = structRecord(t);
            if (nested != null && hasUnresolvedTypes(nested, visited)) {
                return true;
            }
        }
        return false;
    }

    /** {@return the model of {@code type}, or empty if {@code report} got an error} */
    public Optional<StructModel> parse(TypeElement type, Report report) {
        return parse(type, report, new ArrayDeque<>());
    }

    private Optional<StructModel> parse(TypeElement type, Report report, Deque<String> stack) {
        AnnotationMirror struct = mirrors.layoutAnnotation(type).orElseThrow();
        boolean union = UnionRules.isUnion(struct);
        Optional<AnnotationMirror> unresolved = mirrors.unresolved(type);
        if (unresolved.isPresent()) {
            report.error(type, unresolved.get(), null, Message.UNRESOLVED_VALUE, Mirrors.simpleName(unresolved.get()),
                    type.getSimpleName());
            return Optional.empty();
        }
        if (type.getKind() != ElementKind.RECORD) {
            String kind = type.getKind().toString().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
            String article = "aeiou".indexOf(kind.charAt(0)) >= 0 ? "an " : "a ";
            report.error(type, struct, null, Message.NOT_A_RECORD, type.getSimpleName(), article + kind, type.getSimpleName());
            return Optional.empty();
        }
        UnionRules.checkNotBoth(type, mirrors, report);
        if (!type.getTypeParameters().isEmpty()) {
            report.error(type, Message.GENERIC_RECORD, type.getSimpleName());
        }
        if (!accessible(type)) {
            report.error(type, Message.NOT_ACCESSIBLE, "@Struct record", type.getSimpleName());
        }
        String cName = classRef(type).flatName();
        if (Names.C_KEYWORDS.contains(cName)) {
            report.error(type, Message.C_RESERVED_NAME, "record name " + cName, "it is a C or C++ keyword");
        } else if (Names.headerType(cName)) {
            report.error(type, Message.C_RESERVED_NAME, "record name " + cName,
                    cName + " is a type of <stdint.h> or <stddef.h>, which the header includes");
        } else if (Names.cProblem(cName) != null) {
            report.error(type, Message.C_RESERVED_NAME, "record name " + cName, Names.cProblem(cName));
        } else if (Names.libraryName(cName) != null) {
            report.error(type, Message.C_RESERVED_NAME, "record name " + cName, Names.libraryName(cName));
        } else if (Names.runtimeName(cName) != null) {
            report.error(type, Message.C_RESERVED_NAME, "record name " + cName, Names.runtimeName(cName));
        }
        if (Names.MOJO_BUILTINS.contains(cName)) {
            report.error(type, Message.MOJO_RESERVED_NAME, cName);
        }
        String pythonProblem = io.structbridge.processor.model.PythonNames.recordProblem(cName);
        if (pythonProblem != null) {
            report.error(type, Message.PYTHON_RECORD_NAME, cName, cName, pythonProblem);
        }
        if (type.getRecordComponents().isEmpty()) {
            report.error(type, Message.EMPTY_STRUCT, mirrors.find(type, "Union").isPresent() ? "Union" : "Struct", type.getSimpleName());
        }
        int pack = mirrors.intValue(struct, "pack");
        if (pack != 0 && pack != 1 && pack != 2 && pack != 4 && pack != 8 && pack != 16) {
            report.error(type, struct, mirrors.explicitValue(struct, "pack"), Message.BAD_PACK, pack, type.getSimpleName());
        }
        int align = mirrors.intValue(struct, "align");
        if (align > 1 << 28) {
            report.error(type, struct, mirrors.explicitValue(struct, "align"), Message.ALIGN_TOO_LARGE, align,
                    "@Struct(align) of " + type.getSimpleName());
        } else if (align < 0 || Integer.bitCount(align) > 1) {
            report.error(type, struct, mirrors.explicitValue(struct, "align"), Message.ALIGN_NOT_POWER_OF_TWO,
                    align, "@Struct(align) of " + type.getSimpleName(), Integer.highestOneBit(Math.max(align, 1)));
        }
        long size = mirrors.longValue(struct, "size");
        if (size < -1) {
            report.error(type, struct, mirrors.explicitValue(struct, "size"), Message.BAD_SIZE, size, type.getSimpleName());
        }
        Endian order = Endian.valueOf(mirrors.enumValue(struct, "order"));
        String strategy = JsonNames.strategy(type).orElse(null);
        if (strategy != null && JsonNames.translate(strategy, "x") == null) {
            report.error(type, Message.JSON_NAMING_UNSUPPORTED, strategy);
        }
        String[] unfollowed = JsonNames.unfollowed(type);
        if (unfollowed != null) {
            report.error(type, Message.JACKSON_ANNOTATION_UNSUPPORTED, unfollowed[0], "record " + type.getSimpleName(), unfollowed[1]);
        }
        for (RecordComponentElement c : type.getRecordComponents()) {
            String[] u = jacksonElements(type, c).stream().map(JsonNames::unfollowed).filter(java.util.Objects::nonNull)
                    .findFirst().orElse(null);
            if (u != null) {
                report.error(c, Message.JACKSON_ANNOTATION_UNSUPPORTED, u[0], "component '" + c.getSimpleName() + "'", u[1]);
            }
            if (strategy != null && explicitJson(type, c).isEmpty()) {
                // databind matches creator properties by their implicit (Java) names before it renames them
                for (RecordComponentElement other : type.getRecordComponents()) {
                    if (other != c && explicitJson(type, other).filter(n -> c.getSimpleName().contentEquals(n)).isPresent()) {
                        report.error(other, Message.JACKSON_ANNOTATION_UNSUPPORTED, "JsonNaming(" + strategy + ")",
                                "component '" + other.getSimpleName() + "' (@JsonProperty(\"" + c.getSimpleName() + "\"))",
                                "databind reads the name of component '" + c.getSimpleName() + "' before the strategy renames it, "
                                        + "so two creator properties are named \"" + c.getSimpleName() + "\" (InvalidDefinitionException: "
                                        + "Duplicate creator property)");
                    }
                }
            }
        }
        List<String> fallback = new ArrayList<>(constraints.classLevel(type));
        stack.push(type.getQualifiedName().toString());
        List<FieldModel> fields = new ArrayList<>();
        List<FieldModel> inOrder = new ArrayList<>();
        List<StructModel.Reserved> reserved = new ArrayList<>();
        int position = 0;
        List<io.structbridge.processor.model.LockedLayout> locks = lockDir == null ? List.of()
                : Declared.locks(lockDir, classRef(type).canonicalName());
        for (RecordComponentElement c : type.getRecordComponents()) {
            int at = position++;
            component(c, pack, order, report, stack).ifPresent(f -> {
                FieldModel full = Declared.withFormerNames(c, withJson(type, c, f, strategy, report, fallback), strategy, mirrors, locks);
                inOrder.add(full);
                Declared.checkEmptyFormerName(c, mirrors, report);
                if (mirrors.find(c, "Reserved").isPresent()) {
                    Declared.checkReserved(c, full, union, report);
                    reserved.add(new StructModel.Reserved(at, full, Declared.lockedConstraints(locks, full.name()),
                            Declared.lockedEnumCodes(locks, full.name())));
                } else {
                    fields.add(full);
                }
            });
        }
        stack.pop();
        if (!reserved.isEmpty() && fields.isEmpty()) {
            report.error(type, Message.RESERVED_MISUSE, reserved.get(0).field().name(),
                    "every component of " + type.getSimpleName() + " is reserved, and a struct keeps at least one member its APIs show");
        }
        clashes(type, fields, report);
        Declared.checkFormerNames(type, fields, reserved, mirrors, !locks.isEmpty(), report);
        sinceOrder(type, inOrder, report);
        if (union && !TagRules.meantTagged(type, mirrors)) {
            UnionRules.checkNoConstraints(type, fields, report);
        }
        TagRules.checkCasePlacement(type, union, mirrors, report);
        List<io.structbridge.processor.model.TaggedUnion> tagged = TagRules.read(type, union, fields,
                reserved.stream().map(r -> r.field().name()).toList(), mirrors, report);
        Declared.checkTagged(type, fields, tagged, report);
        for (RecordComponentElement c : type.getRecordComponents()) {
            String mojoProblem = Names.mojoMemberProblem(c.getSimpleName().toString(), fields, tagged);
            if (mojoProblem != null) {
                report.error(c, Message.MOJO_RESERVED_MEMBER, c.getSimpleName(), mojoProblem);
            }
        }
        int depth = 1 + fields.stream().mapToInt(f -> height(f.type())).max().orElse(0);
        if (depth > MAX_NESTING) {
            report.error(type, Message.NESTING_TOO_DEEP, type.getSimpleName(), depth, MAX_NESTING);
        }
        if (report.hasErrors()) {
            return Optional.empty();
        }
        java.util.Map<String, String> jsonNames = new java.util.HashMap<>();
        for (FieldModel f : fields) {
            String previous = jsonNames.putIfAbsent(f.jsonName(), f.name());
            if (previous != null) {
                RecordComponentElement c = type.getRecordComponents().stream()
                        .filter(x -> x.getSimpleName().contentEquals(f.name())).findFirst().orElseThrow();
                report.error(c, Message.JSON_NAME_CLASH, previous, f.name(), f.jsonName());
            }
        }
        java.util.Map<String, String> cNames = new java.util.HashMap<>();
        cNames.put(classRef(type).flatName(), classRef(type).canonicalName());
        for (FieldModel f : fields) {
            cNameClash(type, f.type(), cNames, report);
        }
        String pythonClash = io.structbridge.processor.model.PythonNames.moduleClash(cNames.keySet());
        if (pythonClash != null) {
            report.error(type, Message.PYTHON_NAME_CLASH, classRef(type).flatName(), pythonClash);
        }
        String enumClash = io.structbridge.processor.model.PythonNames.enumClash(cNames.keySet(), fields);
        if (enumClash != null) {
            report.error(type, Message.PYTHON_ENUM_NAME, classRef(type).flatName(), enumClash);
        }
        if (report.hasErrors()) {
            return Optional.empty();
        }
        String doc = elements.getDocComment(type);
        return Optional.of(new StructModel(classRef(type), pack, align, order,
                size, fields, doc == null ? "" : doc.strip(),
                JsonNames.ignoreUnknown(type), fallback, union, tagged, reserved));
    }

    /** Adds the JSON name, documentation and constraints, read from the component's field. */
    /** {@return where Jackson annotations of a component are: its field, its accessor, the component} */
    private static List<Element> jacksonElements(TypeElement type, RecordComponentElement c) {
        List<Element> all = new ArrayList<>();
        type.getEnclosedElements().stream()
                .filter(e -> e.getKind() == ElementKind.FIELD && e.getSimpleName().contentEquals(c.getSimpleName()))
                .forEach(all::add);
        if (c.getAccessor() != null) {
            all.add(c.getAccessor());
        }
        all.add(c);
        return all;
    }

    /**
     * Members are appended, never inserted: the {@code @Since} versions do not decrease in declaration order; and
     * versions are numbered without gaps (a version without a member of its own would be the same struct as the
     * one before it, and a struct file of either would not say which it is).
     */
    private static void sinceOrder(TypeElement type, List<FieldModel> fields, Report report) {
        FieldModel highest = null;
        boolean ordered = true;
        for (FieldModel f : fields) {
            if (highest != null && f.since() < highest.since()) {
                report.error(component(type, f.name()), Message.SINCE_ORDER, f.name(), f.since(), highest.name(), highest.since());
                ordered = false;
            }
            if (highest == null || f.since() > highest.since()) {
                highest = f;
            }
        }
        if (!ordered) {
            return;
        }
        int previous = 1;
        for (FieldModel f : fields) {
            if (f.since() > previous + 1) {
                report.error(component(type, f.name()), Message.SINCE_GAP, f.name(), f.since(), previous + 1, previous);
            }
            previous = Math.max(previous, f.since());
        }
    }

    private static RecordComponentElement component(TypeElement type, String name) {
        return type.getRecordComponents().stream().filter(x -> x.getSimpleName().contentEquals(name)).findFirst()
                .orElseThrow();
    }

    private static Optional<String> explicitJson(TypeElement type, RecordComponentElement c) {
        return jacksonElements(type, c).stream().map(JsonNames::explicit).flatMap(Optional::stream).findFirst();
    }

    private FieldModel withJson(TypeElement type, RecordComponentElement c, FieldModel f, String strategy,
                                Report report, List<String> fallback) {
        Element field = type.getEnclosedElements().stream()
                .filter(e -> e.getKind() == ElementKind.FIELD && e.getSimpleName().contentEquals(c.getSimpleName()))
                .map(e -> (Element) e).findFirst().orElse(c);
        String json = JsonNames.explicit(field).or(() -> Optional.ofNullable(c.getAccessor()).flatMap(JsonNames::explicit))
                .orElse(strategy == null ? f.name() : JsonNames.translate(strategy, f.name()));
        ConstraintReader.Read read = constraints.read(field, type.getSimpleName() + "." + f.name());
        if (json != null) { // null: a naming strategy the processor cannot apply, reported on the record
            unicode(c, "the JSON name", f.name(), json, report);
        }
        for (io.structbridge.processor.model.Constraint k : read.constraints()) {
            if (k instanceof io.structbridge.processor.model.Constraint.Pattern p) {
                unicode(c, "@Pattern", f.name(), p.regexp(), report);
                io.structbridge.processor.model.PythonRegex.Translation py = io.structbridge.processor.model.PythonRegex.forPydantic(p.regexp());
                if (py != null && py.problem() != null) {
                    report.error(c, Message.PYTHON_PATTERN, p.regexp(), f.name(), py.problem());
                }
                String flags = io.structbridge.processor.model.PythonRegex.flagsProblem(p.flags());
                if (flags != null) { // the model and validate_array would not mean what Java's Pattern means
                    report.error(c, Message.PYTHON_PATTERN, p.regexp(), f.name(), flags);
                }
            }
        }
        fallback.addAll(read.fallback());
        constraintChecks.check(c, f.type(), read.constraints(), read.mirrors(), report);
        return new FieldModel(f.name(), f.type(), f.explicitAlign(), f.assertedOffset(), json, "", read.constraints(), f.since());
    }

    private Optional<FieldModel> component(RecordComponentElement c, int pack, Endian structOrder,
                                           Report report, Deque<String> stack) {
        String name = c.getSimpleName().toString();
        int errors = report.items().size();
        Optional<AnnotationMirror> unresolved = mirrors.unresolved(c);
        if (unresolved.isPresent()) {
            report.error(c, unresolved.get(), null, Message.UNRESOLVED_VALUE, Mirrors.simpleName(unresolved.get()),
                    "'" + name + "'");
            return Optional.empty();
        }
        Optional<AnnotationMirror> bitsAnn = mirrors.find(c, "Bits");
        if (Names.C_KEYWORDS.contains(name)) {
            report.error(c, Message.C_KEYWORD, name);
        }
        if (Names.RESERVED.contains(name)) {
            report.error(c, Message.RESERVED_NAME, name, name + "(...)");
        }
        int explicitAlign = 0;
        Optional<AnnotationMirror> alignAnn = mirrors.find(c, "Align");
        if (alignAnn.isPresent()) {
            explicitAlign = mirrors.intValue(alignAnn.get(), "value");
            if (explicitAlign > 1 << 28) {
                report.error(c, alignAnn.get(), null, Message.ALIGN_TOO_LARGE, explicitAlign, "@Align of '" + name + "'");
            } else if (explicitAlign <= 0 || Integer.bitCount(explicitAlign) != 1) {
                report.error(c, alignAnn.get(), null, Message.ALIGN_NOT_POWER_OF_TWO, explicitAlign,
                        "@Align of '" + name + "'", Integer.highestOneBit(Math.max(explicitAlign, 1)));
            } else if (pack != 0) {
                report.error(c, alignAnn.get(), null, Message.ALIGN_IN_PACKED, name);
            }
        }
        Optional<AnnotationMirror> offsetAnn = mirrors.find(c, "Offset");
        long assertedOffset = offsetAnn.map(a -> mirrors.longValue(a, "value")).orElse(-1L);
        if (offsetAnn.isPresent() && assertedOffset < 0) {
            report.error(c, offsetAnn.get(), null, Message.BAD_OFFSET, assertedOffset, name);
        }
        Optional<AnnotationMirror> sinceAnn = mirrors.find(c, "Since");
        int since = sinceAnn.map(a -> mirrors.intValue(a, "value")).orElse(1);
        if (since < 1 || since > LayoutVersions.MAX) {
            report.error(c, sinceAnn.get(), null, Message.BAD_SINCE, since, name, LayoutVersions.MAX);
            since = 1; // no layout version past the bound reaches the layout or the generated code
        }
        String cProblem = Names.cProblem(name);
        if (cProblem == null) {
            cProblem = Names.macroForm(name);
        }
        if (cProblem == null) {
            cProblem = Names.libraryMacro(name);
        }
        if (cProblem == null) {
            cProblem = Names.reservedBytesName(name);
        }
        if (cProblem != null && !Names.C_KEYWORDS.contains(name)) {
            report.error(c, Message.C_RESERVED_NAME, "component '" + name + "'", cProblem);
        }
        String pythonProblem = Names.pythonProblem(name);
        if (pythonProblem != null) {
            report.error(c, Message.PYTHON_RESERVED_NAME, name, pythonProblem);
        }
        if (bitsAnn.isPresent() && mirrors.find(c.getEnclosingElement(), "Union").isPresent()) {
            report.error(c, bitsAnn.get(), null, Message.BIT_FIELD, mirrors.intValue(bitsAnn.get(), "value"), name,
                    "bit-fields in a @Union are not supported (every member of a union starts at bit 0); declare the"
                            + " member as a whole integer and mask it, or put the bit-fields in a @Struct member of the union");
            return Optional.empty();
        }
        FieldType type = bitsAnn.isPresent() ? new BitFieldReader(mirrors).read(c, bitsAnn.get(), structOrder, report)
                : fieldType(c, c.asType(), structOrder, report, stack);
        if (type == null || report.items().size() > errors && report.hasErrors()) {
            return Optional.empty();
        }
        return Optional.of(new FieldModel(name, type, explicitAlign, assertedOffset, name, "", List.of(), since));
    }

    private FieldType fieldType(RecordComponentElement c, TypeMirror t, Endian structOrder, Report report, Deque<String> stack) {
        String name = c.getSimpleName().toString();
        Optional<AnnotationMirror> capacity = mirrors.find(c, "Capacity");
        Optional<AnnotationMirror> length = mirrors.find(c, "Length");
        Optional<AnnotationMirror> nativeType = mirrors.find(c, "NativeType");
        Optional<AnnotationMirror> orderAnn = mirrors.find(c, "Order");
        String typeName = t.toString();
        TypeMirror base = t;
        while (base.getKind() == TypeKind.ARRAY) {
            base = ((ArrayType) base).getComponentType();
        }
        if (base.getKind() == TypeKind.ERROR) {
            report.error(c, Message.UNRESOLVED_TYPE, name, typeName, base);
            return null;
        }
        Optional<AnnotationMirror> pointerAnn = mirrors.find(c, "Pointer");
        if (Pointers.isMemorySegment(t) || pointerAnn.isPresent()) {
            return pointer(c, t, pointerAnn, report, capacity, length, nativeType, orderAnn);
        }
        if (t.getKind().isPrimitive()) {
            misplaced(c, capacity, "Capacity", typeName, "@Capacity sizes a String; remove it.", report);
            misplaced(c, length, "Length", typeName, "@Length sizes an array; remove it.", report);
            return scalar(c, JavaPrim.valueOf(t.getKind().name()), nativeType, orderAnn, structOrder, report);
        }
        if (t.getKind() == TypeKind.ARRAY) {
            TypeMirror element = ((ArrayType) t).getComponentType();
            if (!isString(element)) {
                // For String[] the unsupported type is the one error: @Capacity would size its elements.
                misplaced(c, capacity, "Capacity", typeName, "@Capacity sizes a String; an array takes @Length.", report);
            }
            if (element.getKind().isPrimitive()) {
                FieldType.Scalar e = scalar(c, JavaPrim.valueOf(element.getKind().name()), nativeType, orderAnn, structOrder, report);
                int n = length(c, length, element.toString(), report);
                return e == null || n < 1 ? null : new FieldType.PrimitiveArray(e, n);
            }
            TypeElement record = structRecord(element);
            if (record != null) {
                misplaced(c, nativeType, "NativeType", typeName, "a nested struct has its own layout.", report);
                misplaced(c, orderAnn, "Order", typeName, "a nested struct keeps the byte order of its own declaration.", report);
                int n = length(c, length, record.getSimpleName().toString(), report);
                StructModel nested = nested(c, record, report, stack);
                return nested == null || n < 1 ? null : new FieldType.NestedArray(nested, n);
            }
            if (element.getKind() == TypeKind.DECLARED && ((DeclaredType) element).asElement().getKind() == ElementKind.RECORD) {
                Element e = ((DeclaredType) element).asElement();
                report.error(c, Message.NESTED_NOT_STRUCT, name, e.getSimpleName() + "[]", e.getSimpleName());
                return null;
            }
            String why = element.getKind() == TypeKind.ARRAY
                    ? "multi-dimensional arrays are not supported. Use a flat array with @Length(rows * columns)."
                    : isString(element)
                    ? "an array of strings has no fixed element size. Wrap the String in a @Struct record with @Capacity and use an array of that record."
                    : Unsupported.why(element, types) + " (as array elements)";
            report.error(c, Message.UNSUPPORTED_TYPE, name, typeName, why);
            return null;
        }
        misplaced(c, length, "Length", typeName, "@Length sizes an array; remove it.", report);
        if (isString(t)) {
            misplaced(c, nativeType, "NativeType", typeName, "a String is stored as char[N]; use @Capacity(encoding = ...).", report);
            misplaced(c, orderAnn, "Order", typeName, "text is a byte sequence and has no byte order.", report);
            if (capacity.isEmpty()) {
                report.error(c, Message.STRING_WITHOUT_CAPACITY, name, name);
                return null;
            }
            AnnotationMirror a = capacity.get();
            int cap = mirrors.intValue(a, "value");
            if (cap < 1) {
                report.error(c, a, null, Message.BAD_CAPACITY, cap, name);
                return null;
            }
            return new FieldType.Text(cap, Encoding.valueOf(mirrors.enumValue(a, "encoding")),
                    mirrors.boolValue(a, "nulTerminated"), mirrors.boolValue(a, "truncate"));
        }
        misplaced(c, capacity, "Capacity", typeName, "@Capacity sizes a String; remove it.", report);
        if (t.getKind() == TypeKind.DECLARED) {
            Element e = ((DeclaredType) t).asElement();
            if (e.getKind() == ElementKind.ENUM) {
                return enumCode(c, (TypeElement) e, nativeType, orderAnn, structOrder, report);
            }
            TypeElement record = structRecord(t);
            if (record != null) {
                misplaced(c, nativeType, "NativeType", typeName, "a nested struct has its own layout.", report);
                misplaced(c, orderAnn, "Order", typeName, "a nested struct keeps the byte order of its own declaration.", report);
                StructModel nested = nested(c, record, report, stack);
                return nested == null ? null : new FieldType.Nested(nested);
            }
            if (e.getKind() == ElementKind.RECORD) {
                report.error(c, Message.NESTED_NOT_STRUCT, name, e.getSimpleName(), e.getSimpleName());
                return null;
            }
        }
        report.error(c, Message.UNSUPPORTED_TYPE, name, typeName, Unsupported.why(t, types));
        return null;
    }

    /** {@return whether {@code text} is Unicode text (no unpaired surrogate); reports an error otherwise} */
    private static boolean unicode(RecordComponentElement c, String what, String component, String text, Report report) {
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            if (Character.isHighSurrogate(ch) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(ch)) {
                report.error(c, Message.TEXT_NOT_UNICODE, what, component, (int) ch, i);
                return false;
            }
        }
        return true;
    }

    /**
     * The deepest chain of nested structs: each C header includes the headers of its nested structs, and gcc
     * stops at 200 nested includes (-fmax-include-depth); Pydantic's model_json_schema recurses about 20 Python
     * frames per level and stops between 40 and 50 levels at Python's default recursion limit of 1000.
     */
    static final int MAX_NESTING = 32;

    private final Map<String, Integer> heights = new HashMap<>();

    /** {@return how many struct levels {@code t} holds: 0 for a member that is not a struct} */
    private int height(FieldType t) {
        StructModel nested = switch (t) {
            case FieldType.Nested n -> n.struct();
            case FieldType.NestedArray n -> n.struct();
            default -> null;
        };
        if (nested == null) {
            return 0;
        }
        Integer known = heights.get(nested.record().canonicalName());
        if (known != null) {
            return known;
        }
        int h = 1 + nested.fields().stream().mapToInt(f -> height(f.type())).max().orElse(0);
        heights.put(nested.record().canonicalName(), h);
        return h;
    }

    private void cNameClash(TypeElement root, FieldType t, java.util.Map<String, String> seen, Report report) {
        if (t instanceof FieldType.Pointer p && p.target() != null && p.targetCName() != null) {
            // the header declares the target by its tag (struct Row *): another Row there would retype the pointer
            String previous = seen.putIfAbsent(p.targetCName(), p.target().canonicalName());
            if (previous != null && !previous.equals(p.target().canonicalName())) {
                report.error(root, Message.C_NAME_CLASH, root.getSimpleName(), p.targetCName(), previous, p.target().canonicalName());
            }
            return;
        }
        StructModel nested = switch (t) {
            case FieldType.Nested n -> n.struct();
            case FieldType.NestedArray n -> n.struct();
            default -> null;
        };
        if (nested == null) {
            return;
        }
        String previous = seen.putIfAbsent(nested.cName(), nested.record().canonicalName());
        if (previous != null && !previous.equals(nested.record().canonicalName())) {
            report.error(root, Message.C_NAME_CLASH, root.getSimpleName(), nested.cName(), previous, nested.record().canonicalName());
            return;
        }
        for (FieldModel f : nested.fields()) {
            cNameClash(root, f.type(), seen, report);
        }
    }

    private FieldType.Scalar scalar(RecordComponentElement c, JavaPrim java, Optional<AnnotationMirror> nativeType,
                                    Optional<AnnotationMirror> orderAnn, Endian structOrder, Report report) {
        String name = c.getSimpleName().toString();
        CType ctype = java.defaultCType();
        if (nativeType.isPresent()) {
            ctype = CType.valueOf(mirrors.enumValue(nativeType.get(), "value"));
            String problem = NativeTypeRules.mismatch(java, ctype);
            if (problem != null) {
                report.error(c, nativeType.get(), null, Message.NATIVE_TYPE_MISMATCH, ctype, name, problem);
                return null;
            }
            if (!NativeTypeRules.holds(java, ctype)) {
                report.error(c, nativeType.get(), null, Message.NARROWING_CANNOT_HOLD, ctype, name, java.keyword(),
                        CTypes.cName(ctype), NativeTypeRules.range(ctype), NativeTypeRules.suggestion(java, ctype));
                return null;
            }
        }
        Endian order = orderAnn.map(a -> Endian.valueOf(mirrors.enumValue(a, "value"))).orElse(structOrder);
        if (orderAnn.isPresent() && ctype.size() == 1) {
            report.warning(c, orderAnn.get(), Message.ORDER_ON_SINGLE_BYTE, name, CTypes.cName(ctype));
        }
        return new FieldType.Scalar(java, ctype, order);
    }

    private FieldType enumCode(RecordComponentElement c, TypeElement enumType, Optional<AnnotationMirror> nativeType,
                               Optional<AnnotationMirror> orderAnn, Endian structOrder, Report report) {
        String name = c.getSimpleName().toString();
        CType ctype = nativeType.map(a -> CType.valueOf(mirrors.enumValue(a, "value"))).orElse(CType.INT32);
        if (!CTypes.integer(ctype) || ctype == CType.UINT64_BITS) {
            report.error(c, nativeType.orElseThrow(), null, Message.ENUM_CTYPE, name, ctype);
            return null;
        }
        if (!accessible(enumType)) {
            report.error(c, Message.NOT_ACCESSIBLE, "enum", enumType.getSimpleName());
            return null;
        }
        List<FieldType.EnumConstant> constants = new ArrayList<>();
        Map<Long, String> seen = new HashMap<>();
        boolean ok = true;
        String enumName = classRef(enumType).flatName();
        if (Names.cProblem(enumName) != null) {
            report.error(c, Message.C_RESERVED_NAME, "enum " + enumName + " (the prefix of its code macros)", Names.cProblem(enumName));
            ok = false;
        }
        for (Element e : enumType.getEnclosedElements()) {
            if (e.getKind() != ElementKind.ENUM_CONSTANT) {
                continue;
            }
            String constant = e.getSimpleName().toString();
            Optional<AnnotationMirror> unresolved = mirrors.unresolved(e);
            if (unresolved.isPresent()) {
                report.error(c, Message.UNRESOLVED_VALUE, Mirrors.simpleName(unresolved.get()),
                        enumType.getSimpleName() + "." + constant);
                ok = false;
                continue;
            }
            if (!Names.portable(constant)) {
                report.error(c, Message.C_RESERVED_NAME, "enum constant " + enumType.getSimpleName() + "." + constant
                        + " (part of the macro of its code)", Names.cProblem(constant));
                ok = false;
            }
            String pythonProblem = io.structbridge.processor.model.PythonNames.enumMemberProblem(enumName, constant);
            if (pythonProblem != null) {
                report.error(c, Message.PYTHON_ENUM_CONSTANT, enumType.getSimpleName(), constant, enumName, pythonProblem);
                ok = false;
            }
            Optional<AnnotationMirror> code = mirrors.find(e, "Code");
            if (code.isEmpty()) {
                report.error(c, Message.ENUM_CODE_MISSING, enumType.getSimpleName(), constant);
                ok = false;
                continue;
            }
            long v = mirrors.longValue(code.get(), "value");
            if (v < CTypes.min(ctype) || v > CTypes.max(ctype)) {
                report.error(c, Message.ENUM_CODE_RANGE, v, enumType.getSimpleName(), constant,
                        CTypes.cName(ctype), CTypes.min(ctype), CTypes.max(ctype));
                ok = false;
            }
            String previous = seen.putIfAbsent(v, constant);
            if (previous != null) {
                report.error(c, Message.ENUM_CODE_DUPLICATE, enumType.getSimpleName(), previous, constant, v);
                ok = false;
            }
            String constantJson = JsonNames.explicit(e).orElse(constant);
            if (!unicode(c, "the JSON name of enum constant " + enumType.getSimpleName() + "." + constant + " in the type", name, constantJson, report)) {
                ok = false;
            }
            constants.add(new FieldType.EnumConstant(constant, v, constantJson));
        }
        if (ok && constants.isEmpty()) {
            report.error(c, Message.ENUM_NO_CONSTANTS, enumType.getSimpleName(), name);
            ok = false;
        }
        Endian order = orderAnn.map(a -> Endian.valueOf(mirrors.enumValue(a, "value"))).orElse(structOrder);
        if (orderAnn.isPresent() && ctype.size() == 1) {
            report.warning(c, orderAnn.get(), Message.ORDER_ON_SINGLE_BYTE, name, CTypes.cName(ctype));
        }
        boolean jsonValue = enumType.getEnclosedElements().stream().anyMatch(e -> e.getAnnotationMirrors().stream()
                .anyMatch(a -> ((TypeElement) a.getAnnotationType().asElement()).getQualifiedName()
                        .contentEquals("com.fasterxml.jackson.annotation.JsonValue")));
        if (jsonValue) {
            report.warning(c, null, Message.ENUM_JSON_VALUE, enumType.getSimpleName());
        } else {
            Map<String, String> jsonSeen = new HashMap<>();
            for (FieldType.EnumConstant k : constants) {
                String first = jsonSeen.putIfAbsent(k.json(), k.name());
                if (first != null) {
                    report.error(c, Message.ENUM_JSON_NAME_CLASH, enumType.getSimpleName(), first, k.name(), k.json());
                    ok = false;
                }
            }
        }
        return ok ? new FieldType.EnumCode(classRef(enumType), ctype, order, constants, !jsonValue) : null;
    }

    private StructModel nested(RecordComponentElement c, TypeElement record, Report report, Deque<String> stack) {
        String name = c.getSimpleName().toString();
        String qualified = record.getQualifiedName().toString();
        List<String> cycle = Cycles.find(record, stack.peek(), this::structRecord, types);
        if (stack.contains(qualified) || cycle != null) {
            String path = cycle != null ? String.join(" -> ", cycle) : String.join(" -> ", stack.reversed()) + " -> " + qualified;
            report.error(c, Message.RECURSIVE, name, stack.peek(), path);
            return null;
        }
        Optional<StructModel> model = nestedCache.get(qualified);
        if (model == null) {
            Report throwaway = new Report();
            model = parse(record, throwaway, stack);
            nestedCache.put(qualified, model);
        }
        if (model.isEmpty()) {
            report.error(c, Message.NESTED_INVALID, name, record.getSimpleName());
            return null;
        }
        return model.get();
    }

    /**
     * Reports components whose generated constants would collide ({@code eType} and {@code e_type} are
     * both {@code E_TYPE_OFFSET}), and components named like a C type that a member declaration uses,
     * which C++ refuses ({@code Inner Inner;} changes the meaning of {@code Inner}).
     */
    private void clashes(TypeElement type, List<FieldModel> fields, Report report) {
        Map<String, String> constants = new HashMap<>();
        Map<String, String> cTypes = new HashMap<>();
        for (FieldModel f : fields) {
            cTypes.putIfAbsent(cTypeName(f.type()), f.name());
        }
        for (RecordComponentElement c : type.getRecordComponents()) {
            String name = c.getSimpleName().toString();
            String constant = Names.upperSnake(name);
            String other = constants.putIfAbsent(constant, name);
            if (other != null) {
                report.error(c, Message.NAME_CLASH, other, name, constant);
            }
            String user = cTypes.get(name);
            if (user != null) {
                report.error(c, Message.C_RESERVED_NAME, "component '" + name + "'", "member '" + user
                        + "' is declared with the C type " + name + ", and in C++ a member of the same name changes "
                        + "the meaning of that type name (C++17 [basic.scope.class])");
            }
        }
    }

    private static String cTypeName(FieldType t) {
        return switch (t) {
            case FieldType.Scalar s -> CTypes.cName(s.ctype());
            case FieldType.EnumCode e -> CTypes.cName(e.ctype());
            case FieldType.PrimitiveArray a -> CTypes.cName(a.element().ctype());
            case FieldType.Text x -> "char";
            case FieldType.Nested n -> n.struct().cName();
            case FieldType.NestedArray a -> a.struct().cName();
            case FieldType.BitField b -> CTypes.cName(b.declared().ctype());
            case FieldType.Pointer p -> p.targetCName() != null ? p.targetCName() : p.cString() ? "char" : "void";
        };
    }

    @SafeVarargs
    private FieldType pointer(RecordComponentElement c, TypeMirror t, Optional<AnnotationMirror> pointerAnn, Report report,
                              Optional<AnnotationMirror>... others) {
        String name = c.getSimpleName().toString();
        if (!Pointers.isMemorySegment(t)) {
            misplaced(c, pointerAnn, "Pointer", t.toString(), Pointers.NOT_A_SEGMENT, report);
            return null;
        }
        if (pointerAnn.isEmpty()) {
            report.error(c, Message.UNSUPPORTED_TYPE, name, t.toString(), Pointers.NEEDS_POINTER);
            return null;
        }
        String[] names = {"Capacity", "Length", "NativeType", "Order"};
        for (int i = 0; i < others.length; i++) {
            misplaced(c, others[i], names[i], "MemorySegment", Pointers.SIZE_FIXED, report);
        }
        AnnotationMirror a = pointerAnn.get();
        boolean cString = mirrors.boolValue(a, "cString");
        javax.lang.model.element.AnnotationValue target = mirrors.explicitValue(a, "target");
        if (target == null || !(target.getValue() instanceof TypeMirror tm) || tm.getKind() == TypeKind.VOID) {
            return new FieldType.Pointer(null, null, cString);
        }
        TypeElement record = structRecord(tm);
        if (record == null) {
            report.error(c, a, target, Message.POINTER_TARGET, name, tm.toString());
            return null;
        }
        if (cString) {
            report.error(c, a, null, Message.POINTER_TARGET_AND_STRING, name);
            return null;
        }
        return new FieldType.Pointer(classRef(record), classRef(record).flatName(), false,
                mirrors.find(record, "Union").isPresent());
    }

    private void misplaced(RecordComponentElement c, Optional<AnnotationMirror> a, String annotation, String type,
                           String why, Report report) {
        a.ifPresent(m -> report.error(c, m, null, Message.MISPLACED_ANNOTATION, annotation, c.getSimpleName(), type, why));
    }

    private int length(RecordComponentElement c, Optional<AnnotationMirror> length, String elementType, Report report) {
        String name = c.getSimpleName().toString();
        if (length.isEmpty()) {
            report.error(c, Message.ARRAY_WITHOUT_LENGTH, name, elementType, name);
            return -1;
        }
        int n = mirrors.intValue(length.get(), "value");
        if (n < 1) {
            report.error(c, length.get(), null, Message.BAD_LENGTH, n, name);
            return -1;
        }
        return n;
    }

    /** {@return the record element if {@code t} is a {@code @Struct} record, else null} */
    TypeElement structRecord(TypeMirror t) {
        if (t.getKind() != TypeKind.DECLARED) {
            return null;
        }
        Element e = ((DeclaredType) t).asElement();
        if (e.getKind() == ElementKind.RECORD && mirrors.layoutAnnotation(e).isPresent()) {
            return (TypeElement) e;
        }
        return null;
    }

    private static boolean isString(TypeMirror t) {
        return t.getKind() == TypeKind.DECLARED
                && ((TypeElement) ((DeclaredType) t).asElement()).getQualifiedName().contentEquals("java.lang.String");
    }

    private static boolean accessible(TypeElement type) {
        for (Element e = type; e instanceof TypeElement; e = e.getEnclosingElement()) {
            if (e.getModifiers().contains(Modifier.PRIVATE)) {
                return false;
            }
        }
        return true;
    }

    private ClassRef classRef(TypeElement type) {
        List<String> names = new ArrayList<>();
        Element e = type;
        while (e instanceof TypeElement te) {
            names.addFirst(te.getSimpleName().toString());
            e = e.getEnclosingElement();
        }
        PackageElement p = elements.getPackageOf(type);
        return new ClassRef(p.isUnnamed() ? "" : p.getQualifiedName().toString(), names);
    }
}
