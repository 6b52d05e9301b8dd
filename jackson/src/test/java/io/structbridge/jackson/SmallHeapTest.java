package io.structbridge.jackson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Memory bounded by the input actually read, in a forked JVM with a 64 MB heap ({@link SmallHeapMain}): a batch
 * read of one 20 MB struct, of one 300 MB struct, and of a million rejected records.
 */
class SmallHeapTest {
    record Outcome(int exit, String output) {}

    static Outcome fork(List<String> jvmOptions, String mode) throws IOException, InterruptedException {
        String java = ProcessHandle.current().info().command().orElse(System.getProperty("java.home") + "/bin/java");
        List<String> command = new ArrayList<>(List.of(java));
        command.addAll(jvmOptions);
        command.addAll(List.of("--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                SmallHeapMain.class.getName(), mode));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        byte[] out = process.getInputStream().readAllBytes();
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), mode + " did not end");
        return new Outcome(process.exitValue(), new String(out, StandardCharsets.UTF_8));
    }

    @Test
    void aBatchOfOneTwentyMegabyteStructReadsInA64MegabyteHeap() throws Exception {
        Outcome o = fork(List.of("-Xmx64m"), "bigText");
        assertEquals(0, o.exit(), o.output());
        assertTrue(o.output().contains("OK bigText"), o.output());
        System.out.println(o.output().strip());
    }

    @Test
    void aBatchOfOne300MegabyteStructReadsOrSaysHowMuchMemoryItNeeds() throws Exception {
        // 64 MB of heap and of direct memory: the error names the allocation, never a negative array size
        Outcome small = fork(List.of("-Xmx64m"), "hugeText");
        assertEquals(0, small.exit(), small.output());
        assertFalse(small.output().contains("NegativeArraySize"), small.output());
        assertTrue(small.output().contains("OK hugeText read")
                || small.output().contains("OOM HugeText: cannot allocate 300000000 bytes for 1 records of 300000000 bytes"),
                small.output());
        // with room for the native memory, the same heap reads it
        Outcome roomy = fork(List.of("-Xmx64m", "-XX:MaxDirectMemorySize=1g"), "hugeText");
        assertEquals(0, roomy.exit(), roomy.output());
        assertTrue(roomy.output().contains("OK hugeText read"), roomy.output());
        System.out.println(small.output().strip() + " / " + roomy.output().strip());
    }

    @Test
    void a300MegabyteStructWithShortTextIsWrittenByEveryWriterInA64MegabyteHeap() throws Exception {
        Outcome o = fork(List.of("-Xmx64m", "-XX:MaxDirectMemorySize=1g"), "hugeTextWrite");
        assertEquals(0, o.exit(), o.output());
        assertTrue(o.output().contains("OK hugeTextWrite"), o.output());
        System.out.println(o.output().strip());
    }

    @Test
    void aMillionRejectedRecordsAreCountedWithBoundedDetailsInA64MegabyteHeap() throws Exception {
        Outcome o = fork(List.of("-Xmx64m"), "millionRejects");
        assertEquals(0, o.exit(), o.output());
        assertTrue(o.output().contains("OK millionRejects 3000000 bytes"), o.output());
        assertTrue(o.output().contains("missing required property \"x\""), o.output());
        System.out.println(o.output().strip());
    }

    @Test
    void theTextScratchOfTheLargestCapacityIsTheLargestJavaArray() {
        // capacity + 8 would overflow an int (a negative array size in write); one Java array holds at most this
        assertEquals(Integer.MAX_VALUE - 8, io.structbridge.jackson.big.GiantJson.TEXT_SCRATCH);
        assertEquals(Integer.MAX_VALUE, io.structbridge.jackson.big.GiantStruct.SIZE);
    }
}
