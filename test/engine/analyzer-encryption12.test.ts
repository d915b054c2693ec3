// Round 12: certificate and host-key verification switched off in the documented ways the rules did not read yet, from
// a probe of 124 documented shapes across libraries: shell scripts and files of no code kind (curl -k, git's
// http.sslVerify, .npmrc, Dart), request's strictSSL, Apache HttpClient's TrustSelfSignedStrategy, Netty's
// InsecureTrustManagerFactory, a Python ssl=False keyword, SSH host keys accepted
// unseen, Node's secureProtocol, in-transit encryption off, and an Android WebView that proceeds past SSL errors.
// Each has a look-alike.
import { describe, it } from "@jest/globals";
import { check } from "./support/check-rule-cases.js";

describe("verification switched off, more documented shapes", () => {
  it("finds them", async () => {
    await check([
      ["curl -k in a deploy script", "scripts/deploy.sh", ["+curl -k -X POST https://api.example.com/upload -d @data.json"], "encryption"],
      ["wget in a shell script", "scripts/fetch.sh", ["+wget --no-check-certificate https://downloads.example.com/x.tar.gz"], "encryption"],
      ["git sslVerify in a setup script", "scripts/setup.sh", ["+git config --global http.sslVerify false"], "encryption"],
      ["npm strict-ssl in .npmrc", ".npmrc", ["+strict-ssl=false"], "encryption"],
      ["Dart badCertificateCallback", "lib/services/api_client.dart", ["+      ..badCertificateCallback = (X509Certificate cert, String host, int port) => true;"], "encryption"],
      ["request strictSSL", "src/client.js", ["   request({", "+    strictSSL: false,"], "encryption"],
      ["TrustSelfSignedStrategy", "src/main/java/com/x/Http.java", ["+        SSLContext ctx = SSLContexts.custom().loadTrustMaterial(null, new TrustSelfSignedStrategy()).build();"], "encryption"],
      ["InsecureTrustManagerFactory", "src/main/java/com/x/WebClientConfig.java", ["+        SslContext ssl = SslContextBuilder.forClient().trustManager(InsecureTrustManagerFactory.INSTANCE).build();"], "encryption"],
      ["aiohttp ssl=False", "app/client.py", ["+        async with session.get(url, ssl=False) as resp:"], "encryption"],
      ["Paramiko AutoAddPolicy", "app/deploy.py", ["+    ssh.set_missing_host_key_policy(paramiko.AutoAddPolicy())"], "encryption"],
      ["Go InsecureIgnoreHostKey", "internal/ssh/client.go", ["+\t\tHostKeyCallback: ssh.InsecureIgnoreHostKey(),"], "encryption"],
      ["Node secureProtocol", "src/server.js", ["+  secureProtocol: 'TLSv1_method',"], "encryption"],
      ["ElastiCache in transit", "infra/cache.tf", ["+  transit_encryption_enabled = false"], "encryption"],
      ["WebView proceeds past SSL errors", "app/src/main/java/com/x/WebActivity.java", [
        "     @Override",
        "     public void onReceivedSslError(WebView view, SslErrorHandler handler, SslError error) {",
        "+        handler.proceed();",
        "     }",
      ], "encryption"],
    ]);
  });

  it("leaves the safe settings alone", async () => {
    await check([
      ["curl without -k", "scripts/deploy.sh", ["+curl -fsSL https://api.example.com/upload -d @data.json"], null],
      ["strict-ssl on", ".npmrc", ["+strict-ssl=true"], null],
      ["Dart callback that checks the host", "lib/services/api_client.dart", ["+      ..badCertificateCallback = (X509Certificate cert, String host, int port) => host == 'dev.local';"], null],
      ["ssl=True keyword", "app/client.py", ["+        async with session.get(url, ssl=ssl_context) as resp:"], null],
      ["a local ssl flag", "app/settings.py", ["+ssl = False"], null],
      ["Paramiko RejectPolicy", "app/deploy.py", ["+    ssh.set_missing_host_key_policy(paramiko.RejectPolicy())"], null],
      ["modern secureProtocol", "src/server.js", ["+  secureProtocol: 'TLSv1_2_method',"], null],
      ["in-transit encryption on", "infra/cache.tf", ["+  transit_encryption_enabled = true"], null],
      ["WebView cancels on SSL errors", "app/src/main/java/com/x/WebActivity.java", [
        "     public void onReceivedSslError(WebView view, SslErrorHandler handler, SslError error) {",
        "+        handler.cancel();",
        "     }",
      ], null],
      ["proceed elsewhere", "app/src/main/java/com/x/Checkout.java", ["     public void onConfirm() {", "+        checkout.proceed();"], null],
    ]);
  });
});
