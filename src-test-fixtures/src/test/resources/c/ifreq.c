#define _GNU_SOURCE
#include <arpa/inet.h>
#include <net/if.h>
#include <net/if_arp.h>
#include <netinet/in.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

static void dump(const char *label, const struct ifreq *r) {
    const unsigned char *b = (const unsigned char *) r;
    printf("image %s ", label);
    for (size_t i = 0; i < sizeof *r; i++) printf("%02x", b[i]);
    printf("\n");
}

static void named(struct ifreq *r, const char *name) {
    memset(r, 0, sizeof *r);
    strncpy(r->ifr_name, name, IFNAMSIZ - 1);
}

static void inet(struct sockaddr *sa, const char *addr) {
    struct sockaddr_in in;
    memset(&in, 0, sizeof in);
    in.sin_family = AF_INET;
    inet_pton(AF_INET, addr, &in.sin_addr);
    memcpy(sa, &in, sizeof in);
}

int main(void) {
    printf("layout %zu %zu %zu %zu %zu\n", sizeof(struct ifreq), offsetof(struct ifreq, ifr_ifru),
           sizeof(((struct ifreq *) 0)->ifr_ifru), sizeof(struct ifmap), offsetof(struct ifmap, port));
    int fd = socket(AF_INET, SOCK_DGRAM, 0);
    static const struct { unsigned long req; const char *name; } ioctls[] = {
        {SIOCGIFFLAGS, "SIOCGIFFLAGS"}, {SIOCGIFADDR, "SIOCGIFADDR"}, {SIOCGIFDSTADDR, "SIOCGIFDSTADDR"},
        {SIOCGIFBRDADDR, "SIOCGIFBRDADDR"}, {SIOCGIFNETMASK, "SIOCGIFNETMASK"}, {SIOCGIFMTU, "SIOCGIFMTU"},
        {SIOCGIFHWADDR, "SIOCGIFHWADDR"}, {SIOCGIFMAP, "SIOCGIFMAP"}, {SIOCGIFINDEX, "SIOCGIFINDEX"},
        {SIOCGIFTXQLEN, "SIOCGIFTXQLEN"}, {SIOCGIFMETRIC, "SIOCGIFMETRIC"}};
    struct if_nameindex *names = if_nameindex();
    for (struct if_nameindex *n = names; n != NULL && n->if_name != NULL; n++) {
        for (size_t i = 0; i < sizeof ioctls / sizeof ioctls[0]; i++) {
            struct ifreq r;
            named(&r, n->if_name);
            if (fd >= 0 && ioctl(fd, ioctls[i].req, &r) == 0) {
                char label[64];
                snprintf(label, sizeof label, "%s:%s", ioctls[i].name, n->if_name);
                dump(label, &r);
            }
        }
    }
    if (names != NULL) if_freenameindex(names);
    if (fd >= 0) close(fd);
    /* filled as the kernel and libc fill them */
    struct ifreq r;
    static const char *addrs[] = {"127.0.0.1", "10.1.2.3", "192.168.0.255", "255.255.255.0", "0.0.0.0", "172.16.254.1"};
    for (size_t i = 0; i < sizeof addrs / sizeof addrs[0]; i++) {
        char label[64];
        named(&r, "eth0"); inet(&r.ifr_addr, addrs[i]); snprintf(label, sizeof label, "addr:%s", addrs[i]); dump(label, &r);
        named(&r, "eth0"); inet(&r.ifr_netmask, addrs[i]); snprintf(label, sizeof label, "netmask:%s", addrs[i]); dump(label, &r);
    }
    named(&r, "ttyS0"); /* SIOCGIFMAP of a device with I/O resources (drivers/net/... set dev->base_addr, irq) */
    r.ifr_map.mem_start = 0xfe000000UL; r.ifr_map.mem_end = 0xfe00ffffUL; r.ifr_map.base_addr = 0x3f8;
    r.ifr_map.irq = 4; r.ifr_map.dma = 0; r.ifr_map.port = 0; dump("map:isa", &r);
    named(&r, "eth0"); r.ifr_map.mem_start = 0xf7c00000UL; r.ifr_map.mem_end = 0xf7c1ffffUL; r.ifr_map.base_addr = 0xe000;
    r.ifr_map.irq = 16; r.ifr_map.dma = 0; r.ifr_map.port = 1 /* IF_PORT_10BASE2 of <linux/netdevice.h> */; dump("map:pci", &r);
    named(&r, "lo"); r.ifr_flags = IFF_UP | IFF_LOOPBACK | IFF_RUNNING; dump("flags:lo", &r);
    named(&r, "eth0"); r.ifr_flags = IFF_UP | IFF_BROADCAST | IFF_RUNNING | IFF_MULTICAST; dump("flags:eth0", &r);
    named(&r, "eth0"); r.ifr_mtu = 1500; dump("mtu:1500", &r);
    named(&r, "lo"); r.ifr_mtu = 65536; dump("mtu:65536", &r);
    named(&r, "eth0"); r.ifr_ifindex = 2; dump("ifindex:2", &r);
    named(&r, "eth0"); strncpy(r.ifr_newname, "wan0", IFNAMSIZ - 1); dump("newname:wan0", &r);
    named(&r, "bond0"); strncpy(r.ifr_slave, "eth1", IFNAMSIZ - 1); dump("slave:eth1", &r);
    named(&r, "eth0"); r.ifr_hwaddr.sa_family = ARPHRD_ETHER;
    memcpy(r.ifr_hwaddr.sa_data, "\x02\x42\x0a\x00\x00\x07", 6); dump("hwaddr:ether", &r);
    named(&r, "lo"); r.ifr_hwaddr.sa_family = ARPHRD_LOOPBACK; dump("hwaddr:loopback", &r);
    return 0;
}
