package io.structbridge.processor.check;

import io.structbridge.processor.model.ClassRef;
import io.structbridge.processor.model.FieldModel;
import io.structbridge.processor.model.FieldType;
import io.structbridge.processor.model.StructModel;
import io.structbridge.processor.write.GeneratedJavaNames;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/**
 * Refuses a record whose generated Java would have to name a type by a qualified name that does not compile there.
 * Generated code names every type of another package in full ({@code q.Inner}, {@code java.lang.Math}); a name of a
 * type of the record's own package whose simple name a member type of the generated class takes ({@code Type},
 * {@code Row}, {@code Codec}) is qualified too. The first part of such a name is hidden where a variable, or a type
 * the generated class sees, has the same name (JLS 6.4.2, 6.5.2): a variable of the generated code
 * ({@link GeneratedJavaNames#variable}), a member type of the generated classes, a type of {@code java.lang}, or a
 * type of the record's package. A type of the unnamed package has no qualified name at all.
 */
public final class HiddenPackages {
    private final Elements elements;

    public HiddenPackages(Elements elements) {
        this.elements = elements;
    }

    /** Adds {@link Message#HIDDEN_PACKAGE} to {@code report} for the first qualified name that would not compile. */
    public void check(StructModel model, TypeElement type, Report report) {
        String own = model.record().packageName();
        Map<String, String> packages = new LinkedHashMap<>(); // first part -> a package named in full, and why
        packages.put("java", "the JDK's java.lang.String, java.lang.Math, java.lang.foreign.MemorySegment, ...");
        packages.put("io", "the runtime's io.structbridge.runtime.Values, ...");
        packages.put("tools", "Jackson's tools.jackson.core.JsonParser, ...");
        for (ClassRef ref : references(model)) {
            String top = ref.simpleNames().getFirst();
            if (!ref.packageName().equals(own)) {
                packages.putIfAbsent(first(ref.packageName()), ref.canonicalName());
            } else if (GeneratedJavaNames.MEMBER_TYPES.contains(top)) {
                if (own.isEmpty()) {
                    report.error(type, Message.HIDDEN_PACKAGE, model.record().canonicalName(), ref.canonicalName(),
                            "a type of the unnamed package has no qualified name, and the generated classes' member type "
                                    + top + " hides its simple name", "Rename " + ref.canonicalName() + " or move it into a package");
                    return;
                }
                packages.putIfAbsent(first(own), ref.canonicalName());
            }
        }
        PackageElement pkg = elements.getPackageOf(type);
        Set<String> local = new HashSet<>();
        for (Element e : pkg.getEnclosedElements()) {
            local.add(e.getSimpleName().toString());
        }
        for (Map.Entry<String, String> p : packages.entrySet()) {
            String part = p.getKey();
            String by = GeneratedJavaNames.variable(part) ? "a variable of the generated code"
                    : GeneratedJavaNames.MEMBER_TYPES.contains(part) ? "the generated classes' member type " + part
                    : local.contains(part) ? "the type " + qualified(own, part) + " of the record's package"
                    : elements.getTypeElement("java.lang." + part) != null ? "java.lang." + part + ", which every Java file imports"
                    : null;
            if (by != null) {
                report.error(type, Message.HIDDEN_PACKAGE, model.record().canonicalName(), p.getValue(),
                        "its first part '" + part + "' is hidden there by " + by + " (JLS 6.4.2)",
                        "Rename the package, or the type " + part);
                return;
            }
        }
    }

    /** {@return the types the generated code of {@code model} names: the record and, at any depth, nested records, enums and pointer targets} */
    private static List<ClassRef> references(StructModel model) {
        List<ClassRef> out = new ArrayList<>();
        collect(model, new HashSet<>(), out);
        return out;
    }

    private static void collect(StructModel m, Set<String> seen, List<ClassRef> out) {
        if (!seen.add(m.record().canonicalName())) {
            return;
        }
        out.add(m.record());
        for (FieldModel f : m.fields()) {
            switch (f.type()) {
                case FieldType.Nested n -> collect(n.struct(), seen, out);
                case FieldType.NestedArray a -> collect(a.struct(), seen, out);
                case FieldType.EnumCode e -> out.add(e.type());
                case FieldType.Pointer p when p.target() != null -> out.add(p.target());
                default -> { }
            }
        }
    }

    private static String first(String packageName) {
        int dot = packageName.indexOf('.');
        return dot < 0 ? packageName : packageName.substring(0, dot);
    }

    private static String qualified(String packageName, String simple) {
        return packageName.isEmpty() ? simple : packageName + "." + simple;
    }
}
