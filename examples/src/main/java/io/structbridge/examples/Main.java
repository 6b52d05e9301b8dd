package io.structbridge.examples;

import io.structbridge.examples.cities.CitiesPipeline;
import io.structbridge.examples.cities.CitiesSql;
import io.structbridge.examples.elf.ElfFile;
import io.structbridge.examples.elf.ElfPrinter;
import io.structbridge.examples.tzif.TzifFile;
import io.structbridge.examples.tzif.TzifPrinter;
import io.structbridge.examples.tzif.TzifValidation;
import io.structbridge.examples.tzif.Zoneinfo;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads real binary files through {@code @Struct} records.
 *
 * <pre>
 * Main                          ELF summary of the running JDK's lib/server/libjvm.so, then the
 *                               TZif transitions of Europe/Berlin (first and last ones)
 * Main elf PATH [elf PATH ...]  readelf -h -S -l -W style summary of each ELF-64 file
 * Main tzif ZONE-OR-PATH ...    every transition of a TZif file, zdump -v style
 * Main validate ZONE-OR-PATH    the TZif local time types validated in place, then a corrupted copy
 * Main cities LAT,LNG,K         the GeoNames pipeline: JSON -> structs -> struct file -> C kernel -> JSON
 * Main sql STRUCT-FILE          SQL in DuckDB over a struct file of places (the one "cities" writes)
 * </pre>
 *
 * Commands can be mixed. On an error: one line on stderr, exit status 1.
 */
public final class Main {
    /** Changes shown for the default zone when no argument is given. */
    static final int DEFAULT_TZIF_LIMIT = 12;
    static final String DEFAULT_ZONE = "Europe/Berlin";
    static final String USAGE = "usage: Main [elf PATH | tzif ZONE-OR-PATH | validate ZONE-OR-PATH | cities LAT,LNG,K"
            + " | sql STRUCT-FILE]...";
    /** The struct file the cities command writes, relative to the working folder. */
    static final Path CITIES_STRUCT_FILE = Path.of("target", "cities.sb");

    private Main() {
    }

    /** A command: what to read and how to print it. */
    record Command(String kind, String argument, int limit) {
    }

    public static void main(String[] args) {
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        int status = run(args, out, System.err);
        out.flush();
        System.exit(status);
    }

    /**
     * Runs the commands; returns the exit status. Output goes to {@code out}; an error stops the run
     * and prints one line to {@code err}.
     */
    static int run(String[] args, PrintStream out, PrintStream err) {
        List<Command> commands;
        try {
            commands = parse(args);
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage() + "; " + USAGE);
            return 1;
        }
        if (commands.isEmpty()) {
            out.println(USAGE);
            return 0;
        }
        boolean first = true;
        for (Command c : commands) {
            String text;
            try {
                text = execute(c);
            } catch (MalformedFileException e) {
                err.println("error: " + e.getMessage());
                return 1;
            } catch (IOException e) {
                err.println("error: " + describe(e));
                return 1;
            } catch (RuntimeException e) {
                err.println("error: " + c.argument() + ": unexpected " + e.getClass().getName() + ": "
                        + firstLine(e.getMessage()));
                return 1;
            }
            if (!first) {
                out.println();
            }
            first = false;
            out.print(text);
        }
        out.flush();
        return 0;
    }

    static List<Command> parse(String[] args) {
        List<Command> commands = new ArrayList<>();
        if (args.length == 0) {
            commands.add(new Command("elf", defaultElf().toString(), -1));
            commands.add(new Command("tzif", DEFAULT_ZONE, DEFAULT_TZIF_LIMIT));
            commands.add(new Command("validate", DEFAULT_ZONE, -1));
            commands.add(new Command("cities", "52.52,13.405,5", -1));
            commands.add(new Command("sql", CITIES_STRUCT_FILE.toString(), -1));
            return commands;
        }
        if (args.length == 1 && (args[0].equals("-h") || args[0].equals("--help"))) {
            return commands;
        }
        for (int i = 0; i < args.length; i++) {
            String kind = args[i];
            if (!kind.equals("elf") && !kind.equals("tzif") && !kind.equals("validate") && !kind.equals("cities")
                    && !kind.equals("sql")) {
                throw new IllegalArgumentException("unknown command '" + kind + "'");
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException("'" + kind + "' needs an argument");
            }
            commands.add(new Command(kind, args[++i], -1));
        }
        return commands;
    }

    /** {@return the GeoNames file: -Dstructbridge.cities=PATH, else data/geonames-cities/cities.json.gz above the working folder} */
    static Path citiesFile() throws IOException {
        String property = System.getProperty("structbridge.cities");
        if (property != null) {
            return Path.of(property);
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("data/geonames-cities/cities.json.gz");
            if (java.nio.file.Files.isRegularFile(candidate)) {
                return candidate;
            }
        }
        throw new java.nio.file.NoSuchFileException("data/geonames-cities/cities.json.gz", null,
                "not found in the working folder or above; pass -Dstructbridge.cities=PATH");
    }

    /** {@return the running JDK's libjvm.so} */
    static Path defaultElf() {
        return Path.of(System.getProperty("java.home"), "lib", "server", "libjvm.so");
    }

    static String execute(Command c) throws IOException {
        if (c.kind().equals("elf")) {
            return ElfPrinter.format(ElfFile.read(Path.of(c.argument())));
        }
        if (c.kind().equals("cities")) {
            String[] q = c.argument().split(",");
            if (q.length != 3) {
                throw new IllegalArgumentException("cities needs LAT,LNG,K, e.g. 52.52,13.405,5");
            }
            return CitiesPipeline.report(citiesFile(), CITIES_STRUCT_FILE.toAbsolutePath(),
                    Path.of("target", "native", "libcities.so").toAbsolutePath(),
                    Double.parseDouble(q[0]), Double.parseDouble(q[1]), Integer.parseInt(q[2]));
        }
        if (c.kind().equals("sql")) {
            return CitiesSql.report(Path.of(c.argument()).toAbsolutePath());
        }
        Path file = Zoneinfo.resolve(c.argument());
        if (c.kind().equals("validate")) {
            return TzifValidation.report(file);
        }
        return TzifPrinter.format(TzifFile.read(file), c.argument(), c.limit());
    }

    static String describe(IOException e) {
        if (e instanceof NoSuchFileException n) {
            return n.getFile() + ": " + (n.getReason() != null ? n.getReason() : "no such file");
        }
        if (e instanceof AccessDeniedException a) {
            return a.getFile() + ": permission denied";
        }
        if (e instanceof FileSystemException f && f.getFile() != null) {
            return f.getFile() + ": " + (f.getReason() != null ? f.getReason() : e.getClass().getSimpleName());
        }
        return firstLine(e.getMessage() != null ? e.getMessage() : e.getClass().getName());
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
