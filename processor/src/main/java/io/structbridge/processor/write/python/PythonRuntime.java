package io.structbridge.processor.write.python;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Python runtime {@code structbridge_rt.py}, a resource of the processor (real Python source, checked by pyright
 * in strict mode and tested by its own pytest tests): every helper that is the same for all records (Java's number
 * rules, the views' codecs, the value twins' helpers, validate_array's checks, the struct file reader). Each
 * generated module imports it as {@code _SB_rt} ({@code from . import structbridge_rt as _SB_rt} in a package),
 * checks {@code _SB_rt.RUNTIME_VERSION} at import (ImportError naming both versions and the runtime's file
 * otherwise), and binds the runtime's names it uses under their own names, which begin with {@code _SB_} or
 * {@code _sb_} (and {@code Violation}, public API), so the per-record code reads as before.
 */
public final class PythonRuntime {
    private PythonRuntime() {}

    /** The file name of the runtime, written once beside the loose modules and into the package. */
    public static final String FILE = "structbridge_rt.py";

    /** The runtime's module name, which no record may take ({@link io.structbridge.processor.model.PythonNames}). */
    public static final String MODULE = io.structbridge.processor.model.PythonNames.RUNTIME_MODULE;

    private static final String TEXT = io.structbridge.processor.write.ProcessorResource.text(PythonRuntime.class, FILE);

    /** The runtime's {@code RUNTIME_VERSION}, which a generated module requires. */
    public static final int VERSION = version(TEXT);

    /** The runtime's module-level names, in the order they are defined. */
    private static final List<String> NAMES = names(TEXT);

    /** {@return the text of {@code structbridge_rt.py}} */
    public static String text() {
        return TEXT;
    }

    private static int version(String text) {
        Matcher m = Pattern.compile("(?m)^RUNTIME_VERSION: int = (\\d+)$").matcher(text);
        if (!m.find()) {
            throw new IllegalStateException(FILE + " has no RUNTIME_VERSION");
        }
        return Integer.parseInt(m.group(1));
    }

    /** The names of the runtime's {@code __all__} (its API), but RUNTIME_VERSION, which the module reads as _SB_rt's. */
    private static List<String> names(String text) {
        Matcher all = Pattern.compile("(?ms)^__all__ = \\[(.*?)^\\]").matcher(text);
        if (!all.find()) {
            throw new IllegalStateException(FILE + " has no __all__");
        }
        Set<String> out = new LinkedHashSet<>();
        Matcher m = Pattern.compile("\"(\\w+)\"").matcher(all.group(1));
        while (m.find()) {
            out.add(m.group(1));
        }
        out.remove("RUNTIME_VERSION");
        return List.copyOf(out);
    }

    /** A maximal run of word characters (ASCII, as Python names are compared here). */
    private static final Pattern WORD = Pattern.compile("\\w+");
    /** {@code as <name>}: a name the module binds itself. */
    private static final Pattern AS = Pattern.compile("\\bas (\\w+)");

    /**
     * {@return {@code body} (a module without its imports of the runtime) with the import of the runtime, the version
     * check and the binding of every runtime name that {@code body} uses inserted at {@code at}}
     *
     * @param inPackage the module is in a package: the runtime is its sibling module
     */
    static String link(String body, int at, boolean inPackage) {
        // One pass over the body: the words it uses (a name not after '.', not part of a longer word), and the names
        // it binds with "as" (imports of its own); a runtime name is imported when used and not bound there.
        java.util.Set<String> words = new java.util.HashSet<>();
        Matcher w = WORD.matcher(body);
        while (w.find()) {
            if (w.start() == 0 || body.charAt(w.start() - 1) != '.') {
                words.add(w.group());
            }
        }
        java.util.Set<String> bound = new java.util.HashSet<>();
        Matcher as = AS.matcher(body);
        while (as.find()) {
            bound.add(as.group(1));
        }
        List<String> used = new ArrayList<>();
        for (String n : NAMES) {
            if (words.contains(n) && !bound.contains(n)) {
                used.add(n);
            }
        }
        String from = inPackage ? "." + MODULE : MODULE;
        StringBuilder b = new StringBuilder();
        b.append(inPackage ? "\nfrom . import " + MODULE + " as _SB_rt\n" : "\nimport " + MODULE + " as _SB_rt\n");
        b.append("\nif _SB_rt.RUNTIME_VERSION != ").append(VERSION).append(":  # the runtime this module was generated with\n")
                .append("    raise ImportError(f\"this module was generated for structbridge's Python runtime version ").append(VERSION)
                .append(", but \"\n")
                .append("                      f\"{_SB_rt.__file__} is version {_SB_rt.RUNTIME_VERSION}: generate the module and the runtime with \"\n")
                .append("                      \"the same structbridge (-Astructbridge.pythonDir and the package get ").append(FILE)
                .append(", and the processor jar holds it)\")\n");
        if (!used.isEmpty()) {
            StringBuilder line = new StringBuilder("from " + from + " import (");
            for (int i = 0; i < used.size(); i++) {
                String item = used.get(i) + (i + 1 < used.size() ? ", " : ")");
                if (line.length() + item.length() > 118) {
                    b.append(line.toString().stripTrailing()).append('\n');
                    line = new StringBuilder("    ");
                }
                line.append(item);
            }
            b.append(line).append('\n');
        }
        return body.substring(0, at) + b + body.substring(at);
    }
}
