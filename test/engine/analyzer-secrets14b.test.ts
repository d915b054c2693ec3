// Round 14b (secrets in configuration and infrastructure files): credential key names the vocabulary lacked (a
// personal access token named PAT, a passphrase), a PEM private key stored base64-encoded (kubeconfig client-key-data,
// Helm values, Terraform), a container registry login in Docker's config.json ("auths" -> "auth": base64 of
// user:password), SonarQube tokens by their prefixes, and environment variables written as name/value pairs (Kubernetes
// env, ECS task definitions, Terraform env blocks, CloudFormation), several key=value pairs on a line (Ansible inventory
// host lines, systemd Environment=), CloudFormation parameter defaults, and redis.conf / .pgpass passwords. Each kind
// has look-alikes that stay silent. Read after the validation batch was scored: a header comment declaring a file's
// values examples covers its bare default passwords (a Secret's postgres / guest).
import { describe, it } from "@jest/globals";
import { check } from "./support/check-rule-cases.js";

const KEY_BODY = "LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQpNSUlFb3dJQkFBS0NBUUVBeTJ3aVJqb2ZxTjRkT2R3Vmt4eW5PbmpMd0tNcVU5Wk5sTzRBN2g=";
const CERT_BODY = "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSURJVENDQWdtZ0F3SUJBZ0lJQ2g5a0xCc3lsc0l3RFFZSktvWklodmNOQVFFTEJRQXdGVEVUTUJFR0ExVUU=";

describe("round-14b secrets in configuration files", () => {
  it("finds a personal access token named PAT, in any configuration format", async () => {
    await check([
      ["a Clarifai PAT in Streamlit's secrets.toml", ".streamlit/secrets.toml", ['+CLARIFAI_PAT="c1333e3687db41809734f54b360eef7d"'], "secrets"],
      ["a PAT in YAML", "config/settings.yml", ["+clarifai_pat: c1333e3687db41809734f54b360eef7d"], "secrets"],
      ["a camel-case PAT in appsettings.json", "appsettings.json", ['+  "AzureDevOpsPat": "k3tq7vzq2ha6m4xw5yn8rj2pc7bd4fg9ls6et3uh5wq8yx2zn4ma",'], "secrets"],
      ["a PAT in an env file", ".env", ["+ADO_PAT=k3tq7vzq2ha6m4xw5yn8rj2pc7bd4fg9ls6et3uh5wq8yx2zn4ma"], "secrets"],
      ["a PAT set in a Dockerfile", "Dockerfile", ["+ENV HF_PAT=c1333e3687db41809734f54b360eef7d"], "secrets"],
    ]);
  });

  it("leaves PAT look-alikes alone", async () => {
    await check([
      ["a key ending in 'compat'", "config.yml", ["+compat: c1333e3687db41809734f54b360eef7d"], null],
      ["a PAT placeholder", ".env", ["+CLARIFAI_PAT=your_pat_here"], null],
      ["a PAT from the environment", ".env", ["+CLARIFAI_PAT=${CLARIFAI_PAT}"], null],
      ["a PAT's expiry setting", "config.yml", ["+pat_expiry_days: 30"], null],
      ["an empty PAT in settings", "appsettings.json", ['+  "Pat": "",'], null],
      ["a person called Pat", "users.yml", ["+  pat: Patricia"], null],
    ]);
  });

  it("finds a passphrase written into configuration", async () => {
    await check([
      ["a TLS key passphrase in YAML", "config/server.yml", ["+ssl_key_passphrase: Xk9pLm2qRt7vWz4y"], "secrets"],
      ["a GPG passphrase in an env file", ".env", ["+GPG_PASSPHRASE=Xk9pLm2qRt7vWz4y"], "secrets"],
      ["an SSH passphrase in a compose file", "docker-compose.yml", ["+      - SSH_PASSPHRASE=hunter2hunter2"], "secrets"],
    ]);
  });

  it("leaves passphrase look-alikes alone", async () => {
    await check([
      ["an empty passphrase", "config/server.yml", ['+passphrase: ""'], null],
      ["a passphrase placeholder", "config/server.yml", ["+key_passphrase: <your-passphrase>"], null],
      ["a passphrase from GitHub Actions secrets", ".github/workflows/release.yml", ["+          passphrase: ${{ secrets.GPG_PASSPHRASE }}"], null],
      ["a passphrase from Ansible Vault", "group_vars/all.yml", ['+gpg_passphrase: "{{ vault_gpg_passphrase }}"'], null],
    ]);
  });

  it("finds a base64-encoded PEM private key", async () => {
    await check([
      ["a kubeconfig user's client-key-data", "kubeconfig", ["+  user:", `+    client-key-data: ${KEY_BODY}`], "secrets"],
      ["an OpenSSH key in Helm values", "charts/git-sync/values.yaml", ["+  privateKey: LS0tLS1CRUdJTiBPUEVOU1NIIFBSSVZBVEUgS0VZLS0tLS0KYjNCbGJuTnphQzFyWlhrdGRqRUFB"], "secrets"],
      ["a PKCS#8 key decoded by Terraform", "terraform/main.tf", ['+  client_key = base64decode("LS0tLS1CRUdJTiBQUklWQVRFIEtFWS0tLS0tCk1JSUV2UUlCQURBTkJna3Foa2lHOXcwQkFRRUZBQVND")'], "secrets"],
    ]);
  });

  it("leaves encoded certificates and bare headers alone", async () => {
    await check([
      ["a kubeconfig's client certificate", "kubeconfig", ["+  user:", `+    client-certificate-data: ${CERT_BODY}`], null],
      ["a cluster's CA certificate", "kubeconfig", [`+    certificate-authority-data: ${CERT_BODY}`], null],
      ["an encoded header with no key after it", "charts/app/values.yaml", ["+  key: LS0tLS1CRUdJTiBQUklWQVRFIEtFWS0tLS0tCg=="], null],
    ]);
  });

  it("finds a registry login in Docker's config.json", async () => {
    await check([
      ["Docker Hub login", ".docker/config.json", ['+  "auths": {', '+    "https://index.docker.io/v1/": {', '+      "auth": "bXl1c2VyOm15c2VjcmV0cGFzc3dvcmQxMjM="'], "secrets"],
      ["a GHCR login in another file under auths", "deploy/registry.json", ['+{"auths": {', '+  "ghcr.io": {', '+    "auth": "b2N0b2NhdDpnaHBfYTFCMmMzRDRlNUY2ZzdIOGk5SjBrMUwybTNONG81UDZxN1I4"'], "secrets"],
    ]);
  });

  it("leaves registry look-alikes alone", async () => {
    await check([
      ["an empty auth", ".docker/config.json", ['+  "auths": {', '+    "https://index.docker.io/v1/": {', '+      "auth": ""'], null],
      ["an auth that decodes to no user:password pair", ".docker/config.json", ['+  "auths": {', '+    "quay.io": {', '+      "auth": "eHh4eHh4eHh4eHh4"'], null],
      ["a credential store instead", ".docker/config.json", ['+  "credsStore": "desktop",'], null],
      ["an \"auth\" key outside a registry config", "src/fixtures/request.json", ['+    "auth": "bXl1c2VyOm15c2VjcmV0cGFzc3dvcmQxMjM="'], null],
    ]);
  });

  it("finds SonarQube tokens and leaves references alone", async () => {
    await check([
      ["a user token as sonar.login", "sonar-project.properties", ["+sonar.login=squ_5a1b2c3d4e5f60718293a4b5c6d7e8f901234567"], "secrets"],
      ["a project analysis token in a workflow", ".github/workflows/ci.yml", ["+          SONAR_TOKEN: sqp_7f3a9c21be4d58e06a1f2b3c4d5e6f7a8b9c0d1e"], "secrets"],
      ["the token from the environment", "sonar-project.properties", ["+sonar.token=${SONAR_TOKEN}"], null],
      ["the token's prefix in a README", "README.md", ["+Generate a token (it looks like squ_...) and set SONAR_TOKEN."], null],
    ]);
  });

  it("finds a credential given as an environment name/value pair", async () => {
    await check([
      ["a Kubernetes container env entry", "k8s/deployment.yaml", ["+        env:", "+          - name: DB_PASSWORD", '+            value: "Sup3rS3cretPw9"'], "secrets"],
      ["an ECS task definition's environment, one key a line", "ecs/taskdef.json", ["+        {", '+          "name": "DB_PASSWORD",', '+          "value": "Sup3rS3cretPw9"', "+        },"], "secrets"],
      ["an ECS environment entry on one line", "ecs/taskdef.json", ['+        { "name": "DB_PASSWORD", "value": "Sup3rS3cretPw9" },'], "secrets"],
      ["a Terraform env block (Cloud Run)", "terraform/cloudrun.tf", ["+      env {", '+        name  = "JWT_SECRET"', '+        value = "f3K9xQ2mLp8vRt6wZy4bNc7d"', "+      }"], "secrets"],
      ["a CloudFormation container environment", "cfn/task.yaml", ["+            - Name: DB_PASSWORD", "+              Value: Sup3rS3cretPw9"], "secrets"],
    ]);
  });

  it("leaves name/value look-alikes alone", async () => {
    await check([
      ["a value from a Secret", "k8s/deployment.yaml", ["+          - name: DB_PASSWORD", "+            valueFrom:", "+              secretKeyRef:", "+                name: db", "+                key: password"], null],
      ["a path to a mounted secret file", "k8s/deployment.yaml", ["+          - name: DB_PASSWORD_FILE", "+            value: /run/secrets/db_password"], null],
      ["a bare default password", "k8s/deployment.yaml", ["+          - name: DB_PASSWORD", "+            value: postgres"], null],
      ["a Helm template value", "helm/templates/deployment.yaml", ["+            - name: DB_PASSWORD", "+              value: {{ .Values.password | quote }}"], null],
      ["an environment reference", "k8s/deployment.yaml", ["+          - name: DB_PASSWORD", "+            value: ${DB_PASSWORD}"], null],
      ["a Kubernetes dependent variable", "k8s/deployment.yaml", ["+          - name: DB_PASSWORD", "+            value: $(POSTGRES_PASSWORD)"], null],
      ["an ARM template parameter", "azuredeploy.json", ['+          { "name": "DB_PASSWORD", "value": "[parameters(\'dbPassword\')]" },'], null],
      ["a CloudFormation reference", "cfn/task.yaml", ["+            - Name: DB_PASSWORD", "+              Value: !Ref DbPassword"], null],
      ["a Bicep parameter", "infra/main.bicep", ["+        { name: 'DB_PASSWORD', value: dbPassword }"], null],
      ["a placeholder", "ecs/taskdef.json", ['+        { "name": "DB_PASSWORD", "value": "<your-password>" },'], null],
      ["a header name under an API key name", "k8s/deployment.yaml", ["+          - name: API_KEY_HEADER", "+            value: X-Api-Key"], null],
      ["a name that is no credential", "k8s/deployment.yaml", ["+          - name: LOG_LEVEL", "+            value: debug"], null],
    ]);
  });

  it("finds credentials among key=value pairs on one line", async () => {
    await check([
      ["an Ansible inventory host's SSH password", "inventory/hosts", ["+web1 ansible_host=203.0.113.5 ansible_user=deploy ansible_password=Sup3rS3cretPw9"], "secrets"],
      ["an Ansible become password, quoted", "inventory/production.ini", ["+db1 ansible_host=203.0.113.9 ansible_become_pass='Sup3rS3cretPw9'"], "secrets"],
      ["a systemd unit's Environment", "deploy/app.service", ["+[Service]", '+Environment="DB_PASSWORD=Sup3rS3cretPw9"'], "secrets"],
      ["a systemd Environment with several variables", "deploy/app.service", ["+Environment=DB_PASSWORD=Sup3rS3cretPw9 LOG_LEVEL=info"], "secrets"],
    ]);
  });

  it("leaves inline pair look-alikes alone", async () => {
    await check([
      ["an inventory password from Vault", "inventory/hosts", ['+web1 ansible_host=203.0.113.5 ansible_password="{{ vault_ssh_password }}"'], null],
      ["an inventory's bare default", "inventory/hosts", ["+web1 ansible_host=203.0.113.5 ansible_user=root ansible_password=root"], null],
      ["a key file path", "inventory/hosts", ["+web1 ansible_host=203.0.113.5 ansible_user=deploy ansible_ssh_private_key_file=~/.ssh/id_rsa"], null],
      ["an environment reference in a unit", "deploy/app.service", ["+Environment=DB_PASSWORD=${DB_PASSWORD} LOG_LEVEL=info"], null],
      ["an environment file", "deploy/app.service", ["+EnvironmentFile=/etc/app/secrets.env"], null],
      ["a password policy setting", "deploy/app.service", ['+Environment="PASSWORD_MIN_LENGTH=12"'], null],
    ]);
  });

  it("finds a CloudFormation parameter whose default is a credential", async () => {
    await check([
      ["a NoEcho database password with a default", "cloudformation.yaml", ["+  DBPassword:", "+    Type: String", "+    NoEcho: true", "+    Default: Sup3rS3cretPw9"], "secrets"],
      ["a token parameter's quoted default", "infra/stack.yml", ["+  GitHubToken:", "+    Type: String", "+    NoEcho: true", "+    Default: 'Kx9Qm2Lp8Vt6Wz4Yb7Nc3Rd5Hs1Jf'"], "secrets"],
      ["no default", "cloudformation.yaml", ["+  DBPassword:", "+    Type: String", "+    NoEcho: true", "+    MinLength: 8"], null],
      ["an empty default", "cloudformation.yaml", ["+  DBPassword:", "+    Type: String", "+    NoEcho: true", "+    Default: ''"], null],
      ["a placeholder default", "cloudformation.yaml", ["+  DBPassword:", "+    Type: String", "+    Default: changeme"], null],
      ["the name of an SSM parameter", "cloudformation.yaml", ["+  DBPassword:", "+    Type: AWS::SSM::Parameter::Value<String>", "+    Default: /prod/db/password"], null],
      ["a Compose secret read from a file", "docker-compose.yml", ["+  db_password:", "+    file: ./secrets/db_password.txt"], null],
    ]);
  });

  it("finds passwords in a server's own configuration syntax", async () => {
    await check([
      ["redis.conf requirepass", "redis/redis.conf", ["+requirepass Qw9rT5zX2mLpK8v"], "secrets"],
      ["redis.conf masterauth of a replica", "deploy/redis-replica.conf", ["+masterauth Qw9rT5zX2mLpK8v"], "secrets"],
      ["a PostgreSQL password file line", ".pgpass", ["+db.prod.acme.io:5432:app:appuser:Qw9rT5zX2mLpK8v"], "secrets"],
      ["redis.conf's shipped sample, commented", "redis/redis.conf", ["+# requirepass foobared"], null],
      ["redis.conf's sample enabled", "redis/redis.conf", ["+requirepass foobared"], null],
      ["a requirepass from the environment", "redis/redis.conf", ["+requirepass ${REDIS_PASSWORD}"], null],
      ["a local .pgpass with the default password", ".pgpass", ["+localhost:5432:*:postgres:postgres"], null],
      ["an htpasswd hash", "nginx/.htpasswd", ["+admin:$apr1$Xy9z$Qw9rT5zX2mLpK8v1a2b3c"], null],
    ]);
  });

  it("reads a header that declares the file's values examples as covering its bare defaults", async () => {
    const header = "+# Example values only - replace before any real deployment and never commit real secrets.";
    await check([
      ["default passwords under the header", "k8s/secret.yaml", [header, "+apiVersion: v1", "+kind: Secret", "+stringData:", "+  DB_PASSWORD: postgres", "+  RABBITMQ_PASSWORD: guest"], null],
      ["a chosen password under the header still counts", "k8s/secret.yaml", [header, "+apiVersion: v1", "+kind: Secret", "+stringData:", "+  DB_PASSWORD: Qw9rT5zX2mLpK8v"], "secrets"],
      ["a default password in a Secret without the header still counts", "k8s/secret.yaml", ["+apiVersion: v1", "+kind: Secret", "+stringData:", "+  DB_PASSWORD: postgres"], "secrets"],
    ]);
  });
});
