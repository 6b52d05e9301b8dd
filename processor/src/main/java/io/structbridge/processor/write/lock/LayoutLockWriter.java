package io.structbridge.processor.write.lock;

import io.structbridge.processor.layout.Member;
import io.structbridge.processor.layout.StructLayoutPlan;
import io.structbridge.processor.model.Constraint;
import io.structbridge.processor.model.FieldModel;
import io.structbridge.processor.model.FieldType;
import io.structbridge.processor.model.LockedLayout;
import io.structbridge.processor.model.LockedLayout.LockedMember;
import io.structbridge.processor.model.StructModel;
import io.structbridge.processor.model.TaggedUnion;
import io.structbridge.processor.write.CDeclarations;
import io.structbridge.processor.write.Fingerprint;
import java.util.ArrayList;
import java.util.List;

/**
 * The layout lock of a record (-Astructbridge.layoutLock): the facts of its layout version that struct files and
 * JSON documents of that version depend on ({@link LockedLayout}), as a {@code java.util.Properties} text that
 * diffs line by line: one key per fact, members in declaration order, no date.
 */
public final class LayoutLockWriter {
    private LayoutLockWriter() {}

    /** {@return the file name of the lock of {@code record} at {@code version}, e.g. {@code com.acme.Tick.v2.properties}} */
    public static String fileName(String record, int version) {
        return record + ".v" + version + ".properties";
    }

    /** {@return the layout version of the plan's record: the highest {@code @Since} of its components, at least 1} */
    public static int version(StructLayoutPlan plan) {
        return io.structbridge.processor.layout.LayoutVersions.of(plan.model());
    }

    /** {@return what a lock keeps of the plan} */
    public static LockedLayout of(StructLayoutPlan plan) {
        List<LockedMember> members = new ArrayList<>();
        for (Member m : plan.allMembers()) {
            add(plan, m, "", m.field().since(), true, members);
        }
        List<String> tagged = new ArrayList<>();
        for (TaggedUnion t : plan.model().tagged()) {
            tagged.add(t.union() + ": " + tagged(t));
        }
        return new LockedLayout(plan.model().record().canonicalName(), version(plan), plan.size(), plan.alignment(),
                Fingerprint.of(plan), members, tagged);
    }

    /**
     * Adds member {@code m} of {@code plan}, and the members of its nested struct. A reserved member keeps what old
     * readers know of it (its JSON names, enum codes, and the constraints the lock held, which {@code SB-RESERVED-DEFAULT}
     * checks), not the members of its type: only its bytes remain.
     */
    private static void add(StructLayoutPlan plan, Member m, String prefix, int since, boolean top, List<LockedMember> out) {
        FieldModel f = m.field();
        StructModel.Reserved reserved = plan.reserved().contains(m) ? plan.model().reserved().stream()
                .filter(r -> r.field().name().equals(f.name())).findFirst().orElseThrow() : null;
        List<Constraint> constraints = reserved != null ? reserved.locked() : f.constraints();
        List<String> codes = reserved != null && !reserved.lockedEnumCodes().isEmpty() ? reserved.lockedEnumCodes() : enumCodes(f.type());
        out.add(new LockedMember(prefix + f.name(), top ? f.jsonName() : "", cType(m), m.offset(), m.size(), order(m),
                m.bitField() ? m.bits().bitOffset() : -1, since, codes,
                constraints.stream().map(LayoutLockWriter::constraint).toList(), reserved != null, f.formerNames(),
                top ? f.formerJsonNames() : List.of()));
        if (m.nested() != null && reserved == null) {
            String inner = prefix + f.name() + (f.type() instanceof FieldType.NestedArray ? "[]." : ".");
            for (Member n : m.nested().allMembers()) {
                add(m.nested(), n, inner, since, false, out);
            }
        }
    }

    private static String cType(Member m) {
        return CDeclarations.baseType(m) + CDeclarations.declarator(m).substring(m.field().name().length());
    }

    private static String order(Member m) {
        return switch (m.field().type()) {
            case FieldType.Scalar s -> s.order().name();
            case FieldType.EnumCode e -> e.order().name();
            case FieldType.PrimitiveArray a -> a.element().order().name();
            case FieldType.Text t -> t.encoding().name() + (t.nulTerminated() ? "/NUL" : "/FIXED");
            case FieldType.Nested n -> "struct";
            case FieldType.NestedArray n -> "struct";
            case FieldType.BitField b -> b.declared().order().name();
            case FieldType.Pointer p -> "ADDRESS";
        };
    }

    private static List<String> enumCodes(FieldType type) {
        return type instanceof FieldType.EnumCode e ? e.constants().stream().map(k -> k.name() + "=" + k.code()).toList()
                : List.of();
    }

    private static String tagged(TaggedUnion t) {
        StringBuilder b = new StringBuilder("tag=").append(t.tag());
        for (TaggedUnion.Alternative a : t.alternatives()) {
            b.append("; ").append(a.member()).append('=');
            List<String> values = a.constants().isEmpty() ? a.codes().stream().map(String::valueOf).toList() : a.constants();
            b.append(String.join("|", values));
        }
        return b.toString();
    }

    /** {@return a constraint as its annotation with its values, without the message (which may change freely)} */
    static String constraint(Constraint k) {
        return switch (k) {
            case Constraint.NotNull n -> "@NotNull";
            case Constraint.NotEmpty n -> "@NotEmpty";
            case Constraint.NotBlank n -> "@NotBlank";
            case Constraint.Size s -> "@Size(min=" + s.min() + ", max=" + s.max() + ")";
            case Constraint.Min m -> "@Min(" + m.value() + ")";
            case Constraint.Max m -> "@Max(" + m.value() + ")";
            case Constraint.DecimalMin d -> "@DecimalMin(value=" + d.value() + ", inclusive=" + d.inclusive() + ")";
            case Constraint.DecimalMax d -> "@DecimalMax(value=" + d.value() + ", inclusive=" + d.inclusive() + ")";
            case Constraint.Sign s -> "@" + s.annotation();
            case Constraint.Pattern p -> "@Pattern(regexp=" + p.regexp() + ", flags=" + p.flags() + ")";
            case Constraint.Email e -> "@Email";
            case Constraint.Assert a -> "@" + a.annotation();
            case Constraint.Digits d -> "@Digits(integer=" + d.integer() + ", fraction=" + d.fraction() + ")";
        };
    }

    /** {@return the lock file's text: Properties format, UTF-8, one fact a line} */
    public static String text(LockedLayout l) {
        StringBuilder b = new StringBuilder();
        b.append("# structbridge layout lock of ").append(l.record()).append(", layout version ").append(l.version()).append(".\n")
                .append("# Commit this file. The processor (-Astructbridge.layoutLock) compares the record with it and refuses a\n")
                .append("# change that would misread a struct file or JSON document of this version (docs/layout-lock.md).\n");
        put(b, "record", l.record());
        put(b, "version", Integer.toString(l.version()));
        put(b, "size", Long.toString(l.size()));
        put(b, "alignment", Long.toString(l.alignment()));
        put(b, "fingerprint", l.fingerprint());
        put(b, "members", String.join(",", l.members().stream().map(LockedMember::path).toList()));
        for (LockedMember m : l.members()) {
            String k = "member." + m.path() + ".";
            b.append('\n');
            put(b, k + "json", m.json());
            put(b, k + "c", m.c());
            put(b, k + "offset", Long.toString(m.offset()));
            put(b, k + "size", Long.toString(m.size()));
            put(b, k + "order", m.order());
            put(b, k + "bits", Long.toString(m.bits()));
            put(b, k + "since", Integer.toString(m.since()));
            if (!m.enumCodes().isEmpty()) {
                put(b, k + "enum", String.join(",", m.enumCodes()));
            }
            for (int i = 0; i < m.constraints().size(); i++) {
                put(b, k + "constraint." + (i + 1), m.constraints().get(i));
            }
            if (m.reserved()) {
                put(b, k + "reserved", "true");
            }
            if (!m.former().isEmpty()) {
                put(b, k + "former", String.join(",", m.former()));
                put(b, k + "former.json", String.join(",", m.formerJson()));
            }
        }
        if (!l.tagged().isEmpty()) {
            b.append('\n');
            List<String> unions = new ArrayList<>();
            for (String t : l.tagged()) {
                unions.add(t.substring(0, t.indexOf(": ")));
            }
            put(b, "tagged", String.join(",", unions));
            for (String t : l.tagged()) {
                put(b, "tagged." + t.substring(0, t.indexOf(": ")), t.substring(t.indexOf(": ") + 2));
            }
        }
        return b.toString();
    }

    private static void put(StringBuilder b, String key, String value) {
        escape(b, key, true);
        b.append(" = ");
        escape(b, value, false);
        b.append('\n');
    }

    /** Escapes as java.util.Properties reads it back (its load(Reader) grammar): the text is data. */
    static void escape(StringBuilder b, String s, boolean key) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                case '\f' -> b.append("\\f");
                case '=', ':', '#', '!' -> b.append('\\').append(c);
                case ' ' -> b.append(key || i == 0 ? "\\ " : " ");
                default -> {
                    if (c < 0x20 || c == 0x7f || Character.isSurrogate(c) && !validPair(s, i) || Character.isWhitespace(c)) {
                        b.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
    }

    private static boolean validPair(String s, int i) {
        char c = s.charAt(i);
        if (Character.isHighSurrogate(c)) {
            return i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
        }
        return i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
    }
}
