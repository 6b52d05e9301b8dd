import io.structbridge.examples.cities.Place;
import io.structbridge.examples.cities.PlaceArray;
import io.structbridge.examples.cities.PlaceStruct;
import io.structbridge.examples.cities.PlaceValidator;
import io.structbridge.runtime.StructFile;
import io.structbridge.runtime.Violation;
import java.nio.file.Path;
import java.util.List;

/**
 * Java's side of validate_array_bench.py: PlaceValidator.validateAll over the same struct file (the mapping, in
 * place), best of 5 after 3 warm-up runs. Plain timing, no JMH. Run with JDK 25 from the repository root:
 * java --enable-native-access=ALL-UNNAMED -cp examples/target/classes:layout-runtime/target/classes \
 *     benchmarks/src/main/python/ValidateAllTiming.java /tmp/places-1000000.sb
 */
public class ValidateAllTiming {
    public static void main(String[] args) throws Exception {
        try (StructFile<Place> f = StructFile.open(Path.of(args[0]), PlaceStruct.TYPE, false)) {
            PlaceArray places = PlaceArray.over(f.elements());
            long best = Long.MAX_VALUE;
            int found = 0;
            for (int run = 0; run < 8; run++) {
                long t0 = System.nanoTime();
                List<Violation> v = PlaceValidator.validateAll(places);
                long t = System.nanoTime() - t0;
                found = v.size();
                if (run >= 3) {
                    best = Math.min(best, t);
                }
            }
            System.out.printf("validateAll over %d Place structs: %.1f ms, %d violations%n", places.count(), best / 1e6, found);
        }
    }
}
