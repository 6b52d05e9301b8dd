package io.structbridge.processor.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * What a layout lock keeps of one layout version of a record: the facts a struct file or JSON document of that
 * version depends on. Built from a layout plan (the record as it is now) or read from a lock file (the record as
 * it was); {@code check.LayoutLockCheck} compares the two.
 *
 * @param record the record's canonical name
 * @param version the layout version (the highest {@code @Since} of the components, at least 1)
 * @param size the struct's size in bytes
 * @param alignment the struct's alignment in bytes
 * @param fingerprint the layout fingerprint every generated declaration carries (32 hex digits)
 * @param members every member, nested ones too (path {@code pos.x}, array elements {@code cells[].x}), in
 *     declaration order
 * @param tagged per tagged union: {@code union -> "tag=<discriminator>; <member>=<CODE>|<CODE>, ..."}
 */
public record LockedLayout(String record, int version, long size, long alignment, String fingerprint,
                           List<LockedMember> members, List<String> tagged) {
    public LockedLayout {
        members = List.copyOf(members);
        tagged = List.copyOf(tagged);
    }

    /**
     * One member as a lock keeps it.
     *
     * @param path the member's name; a nested struct's members follow their struct as {@code outer.inner}, an
     *     array of structs' as {@code outer[].inner}
     * @param json the JSON property name (empty for nested members, whose JSON names their own struct's lock holds)
     * @param c the C declaration without the name, e.g. {@code double}, {@code char[16]}, {@code uint32_t:3}
     * @param offset the offset in bytes, from the start of the struct that declares the member
     * @param size the size in bytes
     * @param order the byte order, or for text its encoding and termination ({@code UTF_8/NUL})
     * @param bits the bit offset in its storage unit for a bit-field, else -1
     * @param since the layout version that added the member
     * @param enumCodes for an enum member, {@code CONSTANT=code} in declaration order, else empty
     * @param constraints the Bean Validation constraints as annotations with their values (messages left out)
     * @param reserved whether the member is {@code @Reserved}: removed from every API, its bytes kept
     * @param former the names it had before a declared rename ({@code @FormerName}), oldest first
     * @param formerJson the JSON names of {@code former}, which JSON readers still accept
     */
    public record LockedMember(String path, String json, String c, long offset, long size, String order, long bits,
                               int since, List<String> enumCodes, List<String> constraints, boolean reserved,
                               List<String> former, List<String> formerJson) {
        public LockedMember {
            enumCodes = List.copyOf(enumCodes);
            constraints = List.copyOf(constraints);
            former = List.copyOf(former);
            formerJson = List.copyOf(formerJson);
        }

        /** A member that is neither reserved nor renamed. */
        public LockedMember(String path, String json, String c, long offset, long size, String order, long bits,
                            int since, List<String> enumCodes, List<String> constraints) {
            this(path, json, c, offset, size, order, bits, since, enumCodes, constraints, false, List.of(), List.of());
        }

        /** {@return the top-level component this member is or belongs to} */
        public String component() {
            int cut = path.length();
            for (int i = 0; i < path.length(); i++) {
                if (path.charAt(i) == '.' || path.charAt(i) == '[') {
                    cut = i;
                    break;
                }
            }
            return path.substring(0, cut);
        }

        /** {@return whether this is a top-level component} */
        public boolean topLevel() {
            return component().equals(path);
        }
    }

    /** {@return the member at {@code path}, or null} */
    public LockedMember member(String path) {
        for (LockedMember m : members) {
            if (m.path().equals(path)) {
                return m;
            }
        }
        return null;
    }

    /**
     * {@return the top-level member that was renamed from {@code name} ({@code @FormerName}), or null}
     */
    public LockedMember renamedFrom(String name) {
        for (LockedMember m : members) {
            if (m.topLevel() && m.former().contains(name)) {
                return m;
            }
        }
        return null;
    }

    /**
     * {@return the constraint a lock holds as {@code text} (as {@code write.lock.LayoutLockWriter} writes it), without
     * its message; null for a text of no known constraint} An {@code @Email} keeps no regexp in the lock: its default.
     */
    public static Constraint constraint(String text) {
        String name = text.indexOf('(') < 0 ? text : text.substring(0, text.indexOf('('));
        String args = text.indexOf('(') < 0 ? "" : text.substring(text.indexOf('(') + 1, text.length() - 1);
        try {
            return switch (name) {
                case "@NotNull" -> new Constraint.NotNull("");
                case "@NotEmpty" -> new Constraint.NotEmpty("");
                case "@NotBlank" -> new Constraint.NotBlank("");
                case "@Size" -> new Constraint.Size(Integer.parseInt(arg(args, "min=", ", max=")),
                        Integer.parseInt(args.substring(args.indexOf(", max=") + 6)), "");
                case "@Min" -> new Constraint.Min(Long.parseLong(args), "");
                case "@Max" -> new Constraint.Max(Long.parseLong(args), "");
                case "@DecimalMin" -> new Constraint.DecimalMin(arg(args, "value=", ", inclusive="),
                        args.endsWith("inclusive=true"), "");
                case "@DecimalMax" -> new Constraint.DecimalMax(arg(args, "value=", ", inclusive="),
                        args.endsWith("inclusive=true"), "");
                case "@Positive" -> new Constraint.Sign("Positive", true, false, "");
                case "@PositiveOrZero" -> new Constraint.Sign("PositiveOrZero", true, true, "");
                case "@Negative" -> new Constraint.Sign("Negative", false, false, "");
                case "@NegativeOrZero" -> new Constraint.Sign("NegativeOrZero", false, true, "");
                case "@Pattern" -> {
                    int cut = args.lastIndexOf(", flags=[");
                    String flags = args.substring(cut + 9, args.length() - 1);
                    yield new Constraint.Pattern(args.substring("regexp=".length(), cut),
                            flags.isBlank() ? List.of() : List.of(flags.split(", ")), "");
                }
                case "@Email" -> new Constraint.Email(".*", List.of(), "");
                case "@AssertTrue" -> new Constraint.Assert(true, "");
                case "@AssertFalse" -> new Constraint.Assert(false, "");
                case "@Digits" -> new Constraint.Digits(Integer.parseInt(arg(args, "integer=", ", fraction=")),
                        Integer.parseInt(args.substring(args.indexOf(", fraction=") + 11)), "");
                default -> null;
            };
        } catch (RuntimeException e) {
            return null; // a hand-edited lock: the lock check compares the text
        }
    }

    private static String arg(String args, String key, String next) {
        return args.substring(args.indexOf(key) + key.length(), args.indexOf(next));
    }

    /** The keys of a lock file; {@link #read} refuses a file without them. */
    private static final List<String> KEYS = List.of("record", "version", "size", "alignment", "fingerprint", "members");

    /**
     * {@return the layout a lock file holds}
     *
     * @param p the file's properties ({@code java.util.Properties} format)
     * @throws IllegalArgumentException naming the key that is missing or malformed
     */
    public static LockedLayout read(Properties p) {
        for (String k : KEYS) {
            if (p.getProperty(k) == null) {
                throw new IllegalArgumentException("the key '" + k + "' is missing");
            }
        }
        List<LockedMember> members = new ArrayList<>();
        java.util.Set<String> paths = new java.util.HashSet<>();
        for (String path : list(p.getProperty("members"))) {
            if (!paths.add(path)) {
                throw new IllegalArgumentException("the key 'members' lists '" + path + "' twice");
            }
            String k = "member." + path + ".";
            members.add(new LockedMember(path, required(p, k + "json"), required(p, k + "c"),
                    number(p, k + "offset"), number(p, k + "size"), required(p, k + "order"),
                    number(p, k + "bits"), (int) number(p, k + "since", 1, MAX_VERSION),
                    enumCodes(p, k + "enum"), constraints(p, k),
                    flag(p, k + "reserved"),
                    list(p.getProperty(k + "former", "")), list(p.getProperty(k + "former.json", ""))));
        }
        List<String> tagged = new ArrayList<>();
        for (String union : list(p.getProperty("tagged", ""))) {
            tagged.add(union + ": " + required(p, "tagged." + union));
        }
        return new LockedLayout(p.getProperty("record"), (int) number(p, "version", 1, MAX_VERSION), number(p, "size"),
                number(p, "alignment"), p.getProperty("fingerprint"), members, tagged);
    }

    /** Constraint {@code i} (from 1) of a member is the key {@code member.<path>.constraint.<i>}. */
    private static List<String> constraints(Properties p, String k) {
        List<String> out = new ArrayList<>();
        for (int i = 1; p.getProperty(k + "constraint." + i) != null; i++) {
            out.add(p.getProperty(k + "constraint." + i));
        }
        return out;
    }

    private static String required(Properties p, String key) {
        String v = p.getProperty(key);
        if (v == null) {
            throw new IllegalArgumentException("the key '" + key + "' is missing");
        }
        return v;
    }

    /** The highest layout version ({@code @Since}, {@code SB-BAD-SINCE}; see {@code layout.LayoutVersions.MAX}): a lock holding more is forged. */
    public static final int MAX_VERSION = 255;

    /** {@return the integer at {@code key}, refused unless in {@code [min, max]}} */
    private static long number(Properties p, String key, long min, long max) {
        long v = number(p, key);
        if (v < min || v > max) {
            throw new IllegalArgumentException("the key '" + key + "' holds " + v + ", not a layout version (" + min + " to " + max + ")");
        }
        return v;
    }

    /** {@return the boolean at {@code key}: absent or {@code false} is false, {@code true} true, anything else refused} */
    private static boolean flag(Properties p, String key) {
        String v = p.getProperty(key, "false").strip();
        if (!v.equals("true") && !v.equals("false")) {
            throw new IllegalArgumentException("the key '" + key + "' holds '" + v + "', not true or false");
        }
        return v.equals("true");
    }

    /** {@return the enum constants at {@code key}, each {@code NAME=code}} */
    private static List<String> enumCodes(Properties p, String key) {
        List<String> codes = list(p.getProperty(key, ""));
        for (String c : codes) {
            int eq = c.indexOf('=');
            boolean ok = eq > 0;
            if (ok) {
                try {
                    Long.parseLong(c.substring(eq + 1));
                } catch (NumberFormatException e) {
                    ok = false;
                }
            }
            if (!ok) {
                throw new IllegalArgumentException("the key '" + key + "' holds '" + c + "', not a constant as NAME=code");
            }
        }
        return codes;
    }

    private static long number(Properties p, String key) {
        String v = required(p, key);
        try {
            return Long.parseLong(v.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("the key '" + key + "' holds '" + v + "', not an integer");
        }
    }

    private static List<String> list(String v) {
        List<String> out = new ArrayList<>();
        if (v.isBlank()) {
            return out;
        }
        for (String s : v.split(",", -1)) {
            out.add(s.strip());
        }
        return out;
    }
}
