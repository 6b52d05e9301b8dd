package io.structbridge.processor.check;

import io.structbridge.processor.model.FieldModel;
import io.structbridge.processor.model.FieldType;
import io.structbridge.processor.model.StructModel;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Keeps the headers of one package includable in one translation unit. C has one name space for struct tags and
 * typedefs (C11 6.2.3) and the generated declarations name a struct by its flat name without its package, so
 * {@code com.Row} and {@code de.Row} are both {@code struct Row}. One record reaching both is refused by the parser
 * ({@link Message#C_NAME_CLASH}); this check, kept for one compilation, refuses a record whose headers would meet
 * those of an earlier record of the same package (one reaching {@code com.Row}, the other {@code de.Row}).
 */
public final class PackageCNames {
    private record Owner(String struct, String record) {}

    /** package -> C name -> the struct of that name and the record of the package that reaches it */
    private final Map<String, Map<String, Owner>> packages = new HashMap<>();

    /**
     * {@return null when {@code model}'s structs meet no other struct of their C name in its package, then recorded;
     * else the text of a {@link Message#C_NAME_TAKEN} error, and nothing is recorded}
     */
    public String claim(StructModel model) {
        Map<String, String> reached = new LinkedHashMap<>();
        reach(model, reached);
        String pkg = model.record().packageName();
        Map<String, Owner> owners = packages.computeIfAbsent(pkg, k -> new HashMap<>());
        for (Map.Entry<String, String> r : reached.entrySet()) {
            Owner o = owners.get(r.getKey());
            if (o != null && !o.struct().equals(r.getValue())) {
                return Message.C_NAME_TAKEN.format(model.record().canonicalName(), r.getKey(), r.getValue(), o.record(),
                        pkg.isEmpty() ? "(unnamed)" : pkg, r.getKey(), o.struct());
            }
        }
        reached.forEach((c, s) -> owners.putIfAbsent(c, new Owner(s, model.record().canonicalName())));
        return null;
    }

    /** Adds the C name and record of {@code m} and, at any depth, of the structs it nests or points to. */
    private static void reach(StructModel m, Map<String, String> out) {
        if (out.putIfAbsent(m.cName(), m.record().canonicalName()) != null) {
            return;
        }
        for (FieldModel f : m.fields()) {
            switch (f.type()) {
                case FieldType.Nested n -> reach(n.struct(), out);
                case FieldType.NestedArray a -> reach(a.struct(), out);
                case FieldType.Pointer p when p.target() != null && p.targetCName() != null ->
                        out.putIfAbsent(p.targetCName(), p.target().canonicalName());
                default -> { }
            }
        }
    }
}
