package io.structbridge.processor.write.python;

import io.structbridge.processor.layout.Member;
import io.structbridge.processor.layout.StructLayoutPlan;
import io.structbridge.processor.model.FieldModel;
import io.structbridge.processor.model.FieldType;
import io.structbridge.processor.model.PythonNames;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The importable Python package of {@code -Astructbridge.pythonPackage=<name>}: one module per record
 * ({@code place.py} for {@code Place}: the record's C name in lower case, NFKC-normalised as Python
 * normalises identifiers, with {@code _} appended to a Python keyword), {@code __init__.py} re-exporting
 * every record's own names ({@code Place}, {@code Place_dtype}, {@code PlaceModel}, ...: the record's C name
 * and the C name followed by a suffix of {@link PythonNames#RECORD_SUFFIXES}) in module order, and an empty
 * {@code py.typed} (PEP 561), and the runtime {@code structbridge_rt.py} ({@link PythonRuntime}), which every module of
 * the package imports ({@code from . import structbridge_rt as _SB_rt}). A nested struct that is a record of the package is imported from its own
 * module ({@code from .inner import Inner, ...}), so {@code Outer}'s ctypes field takes the package's
 * {@code Inner} class; one from outside the compilation, or a union used as a tagged union here (its
 * Pydantic model differs), is defined in the module as in a loose module, except for the union's value twin
 * {@code URecord}: that is imported from the union's own module, so {@code from pkg import URecord} gives the
 * one class every module of the package takes and returns (tagged or not). Likewise each Java enum has one
 * {@code enum.IntEnum} class in the package, defined in the private module {@link #ENUM_MODULE} and imported from
 * there by every module that uses it (and by {@code __init__.py}), so the records' views and twins all take the
 * same class. Module-level functions and constants ({@code open_array}, {@code SIZE}, {@code CDEF}, ...) stay in
 * each record's module.
 */
public final class PythonPackageWriter {
    /** The module holding the package's enum classes; no record's module can have this name (see {@link #clash}). */
    public static final String ENUM_MODULE = "_sb_enums";

    private final List<StructLayoutPlan> plans;

    /** @param plans the package's records, in any order (each record once) */
    public PythonPackageWriter(List<StructLayoutPlan> plans) {
        this.plans = plans;
    }

    /** Two records cannot share the package: {@code record} is the later one's canonical name. */
    public record Clash(String record, String problem) {}

    /**
     * {@return the first clash among the records' module names, their exported names and the package's enum classes,
     * or null}
     */
    public Clash clash() {
        Map<String, String> modules = new TreeMap<>();
        Map<String, String> exported = new LinkedHashMap<>();
        Map<String, String> enums = new LinkedHashMap<>();
        for (StructLayoutPlan p : sorted()) {
            String record = p.model().record().canonicalName();
            if (moduleName(p.model().cName()).equals(ENUM_MODULE)) {
                return new Clash(record, "its module would be " + ENUM_MODULE + ".py, the package's module of enum classes");
            }
            if (moduleName(p.model().cName()).equals(PythonRuntime.MODULE)) {
                return new Clash(record, "its module would be " + PythonRuntime.FILE + ", the structbridge Python runtime "
                        + "that every module of the package imports");
            }
            String earlier = modules.putIfAbsent(moduleName(p.model().cName()), record);
            if (earlier != null) {
                return new Clash(record, "its module " + moduleName(p.model().cName()) + ".py is also the module of " + earlier
                        + " (module names are the records' C names in lower case)");
            }
            for (FieldType.EnumCode e : enums(p).values()) {
                String other = enums.putIfAbsent(e.type().flatName(), e.type().canonicalName());
                if (other != null && !other.equals(e.type().canonicalName())) {
                    return new Clash(record, "its enum " + e.type().canonicalName() + " and the enum " + other + " of another record"
                            + " would both be the package's enum class " + e.type().flatName() + " (one class per name)");
                }
            }
        }
        for (Map.Entry<String, String> e : enums.entrySet()) {
            exported.put(Normalizer.normalize(e.getKey(), Normalizer.Form.NFKC), "the enum " + e.getValue());
        }
        Map<StructLayoutPlan, String> texts = modules();
        java.util.Set<String> shared = sharedModels(texts);
        for (Map.Entry<StructLayoutPlan, String> e : texts.entrySet()) {
            String record = e.getKey().model().record().canonicalName();
            for (String name : exports(e.getKey(), e.getValue(), shared)) {
                String earlier = exported.putIfAbsent(Normalizer.normalize(name, Normalizer.Form.NFKC), record);
                if (earlier != null) {
                    return new Clash(record, "__init__.py would export " + name + " for both " + earlier + " and " + record);
                }
            }
        }
        return null;
    }

    /** {@return the package's files, by name relative to the package folder, in a fixed order} */
    public Map<String, String> files() {
        Map<String, String> files = new LinkedHashMap<>();
        Map<StructLayoutPlan, String> modules = modules();
        StringBuilder init = new StringBuilder("\"\"\"Generated by structbridge: the @Struct records of one compilation. Do not edit.\n\n")
                .append("Each record R has its module (R's C name in lower case) with R, R_dtype, RModel, ... and the\n")
                .append("module-level open_array, CDEF, FINGERPRINT, SIZE, ALIGNMENT and NAME; this package re-exports\n")
                .append("every record's own names. NumPy and Pydantic are optional: without them their names raise ImportError when used.\n")
                .append("\"\"\"\n");
        List<String> all = new ArrayList<>();
        java.util.Set<String> shared = sharedModels(modules);
        for (Map.Entry<StructLayoutPlan, String> e : modules.entrySet()) {
            String module = moduleName(e.getKey().model().cName());
            List<String> names = exports(e.getKey(), e.getValue(), shared);
            init.append("from .").append(module).append(" import ").append(String.join(", ", names)).append('\n');
            all.addAll(names);
            files.put(module + ".py", e.getValue());
        }
        Map<String, FieldType.EnumCode> enums = allEnums();
        if (!enums.isEmpty()) {
            init.append("from .").append(ENUM_MODULE).append(" import ").append(String.join(", ", enums.keySet())).append('\n');
            all.addAll(enums.keySet());
            files.put(ENUM_MODULE + ".py", enumModule(enums));
        }
        init.append("\n__all__ = [\n");
        for (String name : all) {
            init.append("    ").append(PythonWriter.literal(name)).append(",\n");
        }
        init.append("]\n");
        files.put(PythonRuntime.FILE, PythonRuntime.text()); // the runtime every module imports (from . import structbridge_rt)
        Map<String, String> out = new LinkedHashMap<>();
        out.put("__init__.py", init.toString());
        out.put("py.typed", "");
        out.putAll(new TreeMap<>(files));
        return out;
    }

    /** {@return every record's module text, nested records first (each imports the ones it nests), in name order otherwise} */
    private Map<StructLayoutPlan, String> modules() {
        Map<String, StructLayoutPlan> byRecord = new LinkedHashMap<>();
        for (StructLayoutPlan p : sorted()) {
            byRecord.put(p.model().record().canonicalName(), p);
        }
        Map<StructLayoutPlan, String> done = new LinkedHashMap<>();
        for (StructLayoutPlan p : byRecord.values()) {
            generate(p, byRecord, done);
        }
        Map<StructLayoutPlan, String> byModule = new TreeMap<>(java.util.Comparator.comparing((StructLayoutPlan p) -> moduleName(p.model().cName()))
                .thenComparing(p -> p.model().record().canonicalName()));
        byModule.putAll(done);
        return byModule;
    }

    private void generate(StructLayoutPlan p, Map<String, StructLayoutPlan> byRecord, Map<StructLayoutPlan, String> done) {
        if (done.containsKey(p)) {
            return;
        }
        List<StructLayoutPlan> tree = new ArrayList<>();
        tree(p, tree);
        java.util.Set<String> tagged = TaggedUnionPydantic.taggedUnions(tree.stream().map(StructLayoutPlan::model).toList());
        Map<String, String> siblings = new LinkedHashMap<>();
        Map<String, String> shared = new LinkedHashMap<>();
        for (StructLayoutPlan n : tree) {
            StructLayoutPlan own = byRecord.get(n.model().record().canonicalName());
            if (n == p || own == null || own == p) {
                continue;
            }
            if (tagged.contains(n.model().cName())) {
                // defined here (its Pydantic model is the tagged one), but its value twin is the package's one class
                generate(own, byRecord, done);
                shared.put(n.model().cName(), "from ." + moduleName(own.model().cName()) + " import " + n.model().cName() + "Record");
                continue;
            }
            generate(own, byRecord, done);
            List<String> names = new ArrayList<>(owned(done.get(own), own.model().cName()));
            siblings.put(n.model().cName(), "from ." + moduleName(own.model().cName()) + " import " + String.join(", ", names));
        }
        Map<String, FieldType.EnumCode> enums = enums(p);
        String enumImport = enums.isEmpty() ? null : "from ." + ENUM_MODULE + " import " + String.join(", ", enums.keySet());
        done.put(p, new PythonWriter(p, siblings, shared, enumImport, true).write());
    }

    /** {@return the enums of the record {@code p} and of the structs it nests, by class name (the enum's flat name), sorted} */
    private static Map<String, FieldType.EnumCode> enums(StructLayoutPlan p) {
        List<StructLayoutPlan> tree = new ArrayList<>();
        tree(p, tree);
        Map<String, FieldType.EnumCode> out = new TreeMap<>();
        for (StructLayoutPlan n : tree) {
            for (FieldModel f : n.model().fields()) {
                if (f.type() instanceof FieldType.EnumCode e) {
                    out.putIfAbsent(e.type().flatName(), e);
                }
            }
        }
        return out;
    }

    /** {@return the enums of every record of the package, by class name, sorted} */
    private Map<String, FieldType.EnumCode> allEnums() {
        Map<String, FieldType.EnumCode> out = new TreeMap<>();
        sorted().forEach(p -> enums(p).forEach(out::putIfAbsent));
        return out;
    }

    /** {@return the text of {@link #ENUM_MODULE}: one enum.IntEnum class per enum, and nothing else} */
    private static String enumModule(Map<String, FieldType.EnumCode> enums) {
        StringBuilder b = new StringBuilder("\"\"\"Generated by structbridge: the package's enum classes, one per Java enum, which every\n")
                .append("module of the package imports from here. Do not edit.\n\"\"\"\n")
                .append("import enum as _SB_enum\n");
        PythonViewWriter.enumClasses(enums, b);
        return b.toString();
    }

    private static void tree(StructLayoutPlan p, List<StructLayoutPlan> out) {
        if (out.stream().anyMatch(x -> x.model().record().canonicalName().equals(p.model().record().canonicalName()))) {
            return;
        }
        out.add(p);
        for (Member m : p.members()) {
            if (m.nested() != null) {
                tree(m.nested(), out);
            }
        }
    }

    private List<StructLayoutPlan> sorted() {
        return plans.stream().sorted(java.util.Comparator.comparing(p -> p.model().record().canonicalName())).toList();
    }

    /**
     * {@return the names of the tagged unions' Pydantic models that two or more modules define} Each record tagging a
     * union defines the union's model in its own module (the tag lives there, and two records may tag it by different
     * discriminators), so such a name means different classes: {@code __init__.py} exports none of them, and each stays
     * reachable through its record's module ({@code pkg.boxa.ShapeModel}).
     */
    private static java.util.Set<String> sharedModels(Map<StructLayoutPlan, String> modules) {
        Map<String, Integer> count = new java.util.HashMap<>();
        for (Map.Entry<StructLayoutPlan, String> e : modules.entrySet()) {
            for (String m : taggedModels(e.getKey(), e.getValue())) {
                count.merge(m, 1, Integer::sum);
            }
        }
        java.util.Set<String> shared = new java.util.HashSet<>();
        count.forEach((m, n) -> {
            if (n > 1) {
                shared.add(m);
            }
        });
        return shared;
    }

    /** {@return the Pydantic models of the unions {@code p} tags that its module defines} */
    private static List<String> taggedModels(StructLayoutPlan p, String module) {
        List<StructLayoutPlan> tree = new ArrayList<>();
        tree(p, tree);
        java.util.Set<String> models = new java.util.HashSet<>();
        for (String u : TaggedUnionPydantic.taggedUnions(tree.stream().map(StructLayoutPlan::model).toList())) {
            models.add(u + "Model");
        }
        List<String> out = new ArrayList<>();
        for (PythonDefinitions.Definition d : PythonDefinitions.of(module)) {
            if (models.contains(d.name()) && !out.contains(d.name())) {
                out.add(d.name());
            }
        }
        return out;
    }

    /**
     * {@return what {@code __init__.py} re-exports of the record {@code p}'s module: its own names and the Pydantic
     * models of the unions it tags ({@code UModel}, defined in the tagging record's module since the tag lives there)
     * that no other module defines too ({@code shared})}
     */
    private static List<String> exports(StructLayoutPlan p, String module, java.util.Set<String> shared) {
        List<String> out = new ArrayList<>(owned(module, p.model().cName()));
        for (String m : taggedModels(p, module)) {
            if (!shared.contains(m) && !out.contains(m)) {
                out.add(m);
            }
        }
        return out;
    }

    /**
     * {@return the public names {@code module} defines for the struct {@code cName}: {@code cName} itself and
     * {@code cName} followed by one of {@link PythonNames#RECORD_SUFFIXES}, in the order of the text}
     */
    static List<String> owned(String module, String cName) {
        List<String> out = new ArrayList<>();
        for (PythonDefinitions.Definition d : PythonDefinitions.of(module)) {
            String n = d.name();
            if (n.equals(cName) || n.startsWith(cName) && PythonNames.RECORD_SUFFIXES.contains(n.substring(cName.length()))) {
                out.add(n);
            }
        }
        return out;
    }

    /** {@return the names the import lines {@code from .m import a, b} of sibling modules bring in} */
    static java.util.Set<String> imported(java.util.Collection<String> lines) {
        java.util.Set<String> out = new java.util.HashSet<>();
        for (String line : lines) {
            out.addAll(List.of(line.substring(line.indexOf(" import ") + 8).split(", ")));
        }
        return out;
    }

    /** {@return the module name of the record with C name {@code cName}: lower case, NFKC, a keyword with {@code _} appended} */
    public static String moduleName(String cName) {
        String n = Normalizer.normalize(cName, Normalizer.Form.NFKC).toLowerCase(Locale.ROOT);
        return PythonNames.KEYWORDS.contains(n) ? n + "_" : n;
    }
}
