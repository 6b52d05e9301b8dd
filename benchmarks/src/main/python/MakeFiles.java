import io.structbridge.benchmarks.*;
import io.structbridge.runtime.StructFile;
import java.lang.foreign.Arena;
import java.nio.file.Path;

public class MakeFiles {
    public static void main(String[] a) throws Exception {
        for (int n : new int[] {1000, 100000, 10000000}) {
            try (Arena arena = Arena.ofConfined()) {
                LatLngArray arr = LatLngArray.allocate(arena, n);
                for (int i = 0; i < n; i++) {
                    LatLngStruct.lat(arr.segment(), (long) i * 16, -60.0 + (i % 12_000) * 0.01);
                    LatLngStruct.lng(arr.segment(), (long) i * 16, -180.0 + (i % 36_000) * 0.01);
                }
                long t0 = System.nanoTime();
                try (StructFile<LatLng> f = StructFile.create(Path.of("/tmp/py/latlng-" + n + ".sb"), LatLngStruct.TYPE, n)) {
                    f.appendStructs(arr.segment());
                }
                System.out.println(n + " written in " + (System.nanoTime() - t0) / 1000 + " us");
            }
        }
    }
}
